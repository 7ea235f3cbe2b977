package gstapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
)

// GSTR-2B business error codes (gstr2b-ims.md §1).
const (
	// CodeGSTR2BNotGenerated is RET2B1023: "GSTR-2B is being generated and should be available by DD/MM/YYYY".
	CodeGSTR2BNotGenerated = "RET2B1023"
	// CodeGSTR2BNoDocs is RET2B1016: "For current tax period, no details are available to view."
	CodeGSTR2BNoDocs = "RET2B1016"
)

// MaxGSTR2BFiles is the most file_number pages gstdesk asks for: an fc above it breaks the
// contract (a file holds thousands of documents; 500 files would be millions).
const MaxGSTR2BFiles = 500

// GSTR2B is the GSTR-2B of a period as the service gave it. Meta.Raw is the first answer's data.data
// ({"chksum", "data": {gstin, rtnprd, ..., docdata}}) verbatim; when the return was too large for
// one answer, the first answer holds the summary and a file count (fc) and Pages holds data.data of
// each file_number page 1..fc in order, for package gstr2b to put together and check.
type GSTR2B struct {
	Meta
	Year  int `json:"year"`
	Month int `json:"month"`
	// Pages are the file_number pages, when the return came in pages.
	Pages []Meta `json:"-"`
	// NotGenerated is set when the service says 2B is not generated yet (RET2B1023); ExpectedBy
	// holds the date it names (DD/MM/YYYY), when it names one.
	NotGenerated *BusinessError `json:"-"`
	ExpectedBy   string         `json:"expected_by,omitempty"`
	// NoDocs is set when the service says there is nothing for the period (RET2B1016).
	NoDocs *BusinessError `json:"-"`
}

var expectedByPattern = regexp.MustCompile(`(\d{2}/\d{2}/\d{4})`)

func checkPeriod(year, month int) error {
	if year < 2017 || year > 9999 || month < 1 || month > 12 {
		return invalid("Invalid return period %02d/%d: the month is 1-12 and the year four digits, from 2017.", month, year)
	}
	return nil
}

func needSession(token string) error {
	if strings.TrimSpace(token) == "" {
		return apperr.New(apperr.Unauthorised, "There is no GST portal session for this taxpayer. Sign in with an OTP first.").WithHint(signInAgain)
	}
	return nil
}

// GSTR2BDocument fetches the GSTR-2B of a period (§1.1). A return sent in pages (the first answer
// has fc and no docdata, or status_cd "3") is fetched to the end, file_number 1..fc; a failed page
// fails the whole call, so no caller stores part of a return. RET2B1023 and RET2B1016 are not
// errors: the answer has NotGenerated or NoDocs set.
func (c *Client) GSTR2BDocument(ctx context.Context, taxpayerToken string, year, month int) (*GSTR2B, error) {
	if err := checkPeriod(year, month); err != nil {
		return nil, err
	}
	if err := needSession(taxpayerToken); err != nil {
		return nil, err
	}
	path := fmt.Sprintf("/gst/compliance/tax-payer/gstrs/gstr-2b/%04d/%02d", year, month)
	cl := call{op: "the GSTR-2B download", method: http.MethodGet, path: path, bearer: taxpayerToken, retry: true, tn: true}
	resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, err
	}
	out := &GSTR2B{Year: year, Month: month}
	raw, m, err := resp.payload(cl)
	if err != nil {
		var be *BusinessError
		if errors.As(err, &be) {
			switch strings.ToUpper(strings.TrimSpace(be.Code)) {
			case CodeGSTR2BNotGenerated:
				out.Meta, out.NotGenerated = m, be
				out.ExpectedBy = expectedByPattern.FindString(be.Message)
				return out, nil
			case CodeGSTR2BNoDocs:
				out.Meta, out.NoDocs = m, be
				return out, nil
			}
		}
		return nil, err
	}
	out.Meta = m
	fc, paged, err := fileCount(raw, resp.statusCd)
	if err != nil {
		return nil, (&ContractError{Op: cl.op, Problem: err.Error(), TransactionID: m.TransactionID}).AppError()
	}
	if !paged {
		return out, nil
	}
	for n := 1; n <= fc; n++ {
		pcl := cl
		pcl.op = fmt.Sprintf("the GSTR-2B download (file %d of %d)", n, fc)
		pcl.query = url.Values{"file_number": {strconv.Itoa(n)}}
		presp, err := c.do(ctx, pcl)
		if err != nil {
			return nil, err
		}
		_, pm, err := presp.payload(pcl)
		if err != nil {
			return nil, err
		}
		out.Pages = append(out.Pages, pm)
	}
	return out, nil
}

// fileCount reads the file count of a GSTR-2B answer: paged when data.data.data has fc > 0 and no
// docdata, or when status_cd is "3" (never seen in an example; handled all the same).
func fileCount(raw json.RawMessage, statusCd string) (int, bool, error) {
	var head struct {
		Data *struct {
			FC      json.RawMessage `json:"fc"`
			DocData json.RawMessage `json:"docdata"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &head); err != nil || head.Data == nil {
		// Not the document shape: package gstr2b says what is wrong with it.
		if statusCd == "3" {
			return 0, false, errors.New("the answer says it comes in files (status_cd 3) but has no file count")
		}
		return 0, false, nil
	}
	fcText := strings.Trim(string(head.Data.FC), `" `)
	if fcText == "" || fcText == "null" {
		if statusCd == "3" {
			return 0, false, errors.New("the answer says it comes in files (status_cd 3) but has no file count (fc)")
		}
		return 0, false, nil
	}
	fc, err := strconv.Atoi(fcText)
	if err != nil || fc < 0 {
		return 0, false, fmt.Errorf("the file count fc %s is not a whole number", fcText)
	}
	hasDocs := len(head.Data.DocData) > 0 && string(head.Data.DocData) != "null"
	if fc == 0 || (hasDocs && statusCd != "3") {
		return 0, false, nil
	}
	if fc > MaxGSTR2BFiles {
		return 0, false, fmt.Errorf("the file count fc %d is more than %d", fc, MaxGSTR2BFiles)
	}
	return fc, true, nil
}

// JobStatus is the state of an asynchronous request (GSTR-2B regeneration §1.3, IMS save or reset
// §2.5): Status is the inner status_cd, P processed, PE processed with errors, ER failed, IP in
// progress.
type JobStatus struct {
	Meta
	Status       string          `json:"status"`
	TransType    string          `json:"trans_type,omitempty"`
	ErrorCode    string          `json:"error_code,omitempty"`
	ErrorMessage string          `json:"error_message,omitempty"`
	Processed    int             `json:"processed"`
	Errors       int             `json:"errors"`
	Report       []IMSErrorEntry `json:"report,omitempty"`
}

// Job states.
const (
	JobProcessed       = "P"
	JobProcessedErrors = "PE"
	JobFailed          = "ER"
	JobInProgress      = "IP"
)

// Done reports whether the job has finished, well or not.
func (j *JobStatus) Done() bool { return j.Status != JobInProgress && j.Status != "" }

// IMSErrorEntry is one document the service refused in an IMS save or reset (error_report).
type IMSErrorEntry struct {
	Section string `json:"section"` // as the report names it: b2b, dn, b2bdn ...
	STIN    string `json:"stin"`
	Code    string `json:"error_cd"`
	Message string `json:"error_msg"`
	INum    string `json:"inum"`
	RtnPrd  string `json:"rtnprd"`
}

// RegenerateGSTR2B asks the service to regenerate the GSTR-2B of a period after IMS actions
// (§1.2) and returns the reference id to poll with GSTR2BRegenerationStatus. It is sent once.
// IMS2B007 (wrong ITC period or GSTR-3B filed) and IMS2B009 (too early) come back as errors of
// kind Invalid with the service's words.
func (c *Client) RegenerateGSTR2B(ctx context.Context, taxpayerToken string, year, month int) (string, Meta, error) {
	if err := checkPeriod(year, month); err != nil {
		return "", Meta{}, err
	}
	if err := needSession(taxpayerToken); err != nil {
		return "", Meta{}, err
	}
	cl := call{op: "the GSTR-2B regeneration", method: http.MethodPost,
		path: fmt.Sprintf("/gst/compliance/tax-payer/gstrs/gstr-2b/%04d/%02d/regenerate", year, month), bearer: taxpayerToken, tn: true}
	return c.reference(ctx, cl)
}

// GSTR2BRegenerationStatus polls a regeneration (§1.3). It only reads, so it is retried.
func (c *Client) GSTR2BRegenerationStatus(ctx context.Context, taxpayerToken, referenceID string) (*JobStatus, error) {
	cl := call{op: "the GSTR-2B regeneration status", method: http.MethodGet,
		path: "/gst/compliance/tax-payer/gstrs/gstr-2b/regenerate", bearer: taxpayerToken, retry: true, tn: true}
	return c.jobStatus(ctx, cl, referenceID)
}

// reference sends a call whose answer is {"reference_id": "..."}.
func (c *Client) reference(ctx context.Context, cl call) (string, Meta, error) {
	resp, err := c.do(ctx, cl)
	if err != nil {
		return "", Meta{}, err
	}
	raw, m, err := resp.payload(cl)
	if err != nil {
		return "", m, err
	}
	var d struct {
		ReferenceID flexString `json:"reference_id"`
	}
	if json.Unmarshal(raw, &d) != nil || strings.TrimSpace(string(d.ReferenceID)) == "" {
		return "", m, (&ContractError{Op: cl.op, Problem: "the answer has no reference_id", TransactionID: m.TransactionID}).AppError()
	}
	return strings.TrimSpace(string(d.ReferenceID)), m, nil
}

func (c *Client) jobStatus(ctx context.Context, cl call, referenceID string) (*JobStatus, error) {
	ref := strings.TrimSpace(referenceID)
	if ref == "" || len(ref) > 64 {
		return nil, invalid("The reference id %q is not one the service gave.", referenceID)
	}
	if err := needSession(cl.bearer); err != nil {
		return nil, err
	}
	cl.query = url.Values{"reference_id": {ref}}
	resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, err
	}
	raw, m, err := resp.payload(cl)
	if err != nil {
		return nil, err
	}
	var d struct {
		StatusCd    flexString                 `json:"status_cd"`
		TransTypCd  flexString                 `json:"transTypCd"`
		ErrCd       flexString                 `json:"err_cd"`
		ErrMsg      flexString                 `json:"err_msg"`
		ProcCnt     flexInt                    `json:"proc_cnt"`
		ErrCnt      flexInt                    `json:"err_cnt"`
		ErrorReport map[string]json.RawMessage `json:"error_report"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, (&ContractError{Op: cl.op, Problem: "the status is not an object", TransactionID: m.TransactionID}).AppError()
	}
	js := &JobStatus{Meta: m, Status: strings.ToUpper(strings.TrimSpace(string(d.StatusCd))), TransType: string(d.TransTypCd),
		ErrorCode: string(d.ErrCd), ErrorMessage: string(d.ErrMsg), Processed: int(d.ProcCnt), Errors: int(d.ErrCnt)}
	switch js.Status {
	case JobProcessed, JobProcessedErrors, JobFailed, JobInProgress:
	default:
		return nil, (&ContractError{Op: cl.op, Problem: fmt.Sprintf("the status %q is none of P, PE, ER, IP", js.Status), TransactionID: m.TransactionID}).AppError()
	}
	for sec, raw := range d.ErrorReport {
		var entries []struct {
			STIN    flexString `json:"stin"`
			ErrorCd flexString `json:"error_cd"`
			ErrMsg  flexString `json:"error_msg"`
			Inv     []struct {
				INum   flexString `json:"inum"`
				NtNum  flexString `json:"nt_num"`
				RtnPrd flexString `json:"rtnprd"`
			} `json:"inv"`
		}
		if err := json.Unmarshal(raw, &entries); err != nil {
			return nil, (&ContractError{Op: cl.op, Problem: fmt.Sprintf("error_report.%s is not a list of documents", sec), TransactionID: m.TransactionID}).AppError()
		}
		for _, e := range entries {
			if len(e.Inv) == 0 {
				js.Report = append(js.Report, IMSErrorEntry{Section: sec, STIN: string(e.STIN), Code: string(e.ErrorCd), Message: string(e.ErrMsg)})
			}
			for _, inv := range e.Inv {
				num := string(inv.INum)
				if num == "" {
					num = string(inv.NtNum)
				}
				js.Report = append(js.Report, IMSErrorEntry{Section: sec, STIN: string(e.STIN), Code: string(e.ErrorCd),
					Message: string(e.ErrMsg), INum: num, RtnPrd: string(inv.RtnPrd)})
			}
		}
	}
	sortReport(js.Report)
	return js, nil
}
