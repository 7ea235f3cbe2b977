package gstapi

import (
	"context"
	"net/http"
	"net/url"
)

// ChangedListRequest asks for the GSTINs of a state that changed on a date (operation 4.1).
type ChangedListRequest struct {
	Date      string `json:"date"`           // DD-MM-YYYY
	StateCode string `json:"state_code"`     // two digits
	Page      int    `json:"page,omitempty"` // 1 or more; 0 means 1
}

// ChangedList is one page of changed GSTINs.
type ChangedList struct {
	Meta
	TotalPages int          `json:"tpgcnt"`
	Page       int          `json:"cpgnum"`
	MorePages  string       `json:"ismpg"` // "Y" or "N"
	Count      int          `json:"cnt"`
	States     []StateGroup `json:"gstLst"`
	TotalCount int          `json:"totalCount"`
}

// StateGroup is the changes of one state in a changed list.
type StateGroup struct {
	StateCode string   `json:"state_cd"`
	Changes   []Change `json:"gstdtls"`
}

// Change is one changed GSTIN, known only by the MD5 of the GSTIN (compare with gstin.MD5).
type Change struct {
	Type     string `json:"chng_typ"` // G generated, C cancelled, U updated, I inactive, E expired
	GSTINMD5 string `json:"gstin"`
	Date     string `json:"chng_dt"` // DD-MM-YYYY
}

// ChangedList fetches a page of the GSTINs of a state that changed on a date (4.1).
func (c *Client) ChangedList(ctx context.Context, r ChangedListRequest, opts ...CallOption) (*ChangedList, error) {
	date, err := checkDate("date", r.Date, "-")
	if err != nil {
		return nil, err
	}
	st, err := checkStateCode(r.StateCode)
	if err != nil {
		return nil, err
	}
	if r.Page < 0 {
		return nil, invalid("Invalid page: %d. Pages start at 1.", r.Page)
	}
	if r.Page == 0 {
		r.Page = 1
	}
	body := ChangedListRequest{Date: date, StateCode: st, Page: r.Page}
	out := &ChangedList{}
	if err := c.public(ctx, "the changed GSTIN list", "/gst/compliance/public/gstin/changed-list", nil, body, out, &out.Meta, changedContract, "", opts); err != nil {
		return nil, err
	}
	return out, nil
}

// PreferenceItem is a return filing preference for a quarter.
type PreferenceItem struct {
	Preference string `json:"preference"` // one letter, e.g. M monthly, Q quarterly
	Quarter    string `json:"quarter"`    // Q1 to Q4
}

// Preference is a taxpayer's return filing preference for a financial year (4.2).
type Preference struct {
	Meta
	Response []PreferenceItem `json:"response"`
}

type gstinBody struct {
	GSTIN string `json:"gstin"`
}

// Preference fetches the return filing preference of a GSTIN for a financial year (4.2); the
// year may be written "FY 2025-26", "2025-26" or "FY2025-26".
func (c *Client) Preference(ctx context.Context, gstinValue, financialYear string, opts ...CallOption) (*Preference, error) {
	g, err := checkGSTIN(gstinValue)
	if err != nil {
		return nil, err
	}
	fy, err := NormalizeFinancialYear(financialYear)
	if err != nil {
		return nil, err
	}
	out := &Preference{}
	q := url.Values{"financial_year": {fy}}
	if err := c.public(ctx, "the return preference", "/gst/compliance/public/gstrs/preference", q, gstinBody{g}, out, &out.Meta, preferenceContract, "", opts); err != nil {
		return nil, err
	}
	return out, nil
}

// Verification is the basic registration details of a GSTIN (4.3).
type Verification struct {
	Meta
	LegalName    string `json:"legalName"`
	BussNature   string `json:"bussNature"`
	StateName    string `json:"stateName"`
	ValidGSTIN   bool   `json:"validGstin"`
	StateCode    string `json:"stateCode"`
	PAN          string `json:"pan"`
	GSTIN        string `json:"gstin"`
	RegStartDate string `json:"regStartDate"` // DD/MM/YYYY
	Status       string `json:"status"`       // free text: "Active", "Cancelled on application of Taxpayer"
}

// Verify checks a GSTIN with the service and returns its registration details (4.3).
func (c *Client) Verify(ctx context.Context, gstinValue string, opts ...CallOption) (*Verification, error) {
	g, err := checkGSTIN(gstinValue)
	if err != nil {
		return nil, err
	}
	out := &Verification{}
	if err := c.public(ctx, "verify GSTIN", "/gst/compliance/public/gstin/verify", nil, gstinBody{g}, out, &out.Meta, verifyContract, g, opts); err != nil {
		return nil, err
	}
	return out, nil
}

// Applicant is the registration of an unregistered e-commerce applicant (4.4).
type Applicant struct {
	Meta
	Name           string           `json:"name"`
	PAN            string           `json:"pan"`
	State          string           `json:"state"`
	GoodsDetails   string           `json:"goodsdetails,omitempty"`
	ServiceDetails string           `json:"servicedetails,omitempty"`
	AuthStatus     string           `json:"authstatus"` // A active, C cancelled
	RegDate        string           `json:"regdt"`      // DD/MM/YYYY
	CancelDate     string           `json:"candt,omitempty"`
	Address        ApplicantAddress `json:"addtls"`
}

// ApplicantAddress is the address of an unregistered applicant.
type ApplicantAddress struct {
	BuildingNo   string `json:"bno,omitempty"`
	BuildingName string `json:"bnm"`
	Street       string `json:"st"`
	Locality     string `json:"loc"`
	Pincode      string `json:"pncd"`
	State        string `json:"stcd"`
	Longitude    string `json:"lg,omitempty"`
	Latitude     string `json:"lt,omitempty"`
	District     string `json:"dst"`
	Country      string `json:"cnty"`
	Landmark     string `json:"landMark,omitempty"`
	City         string `json:"city"`
}

type enrolmentBody struct {
	EnrolmentNumber string `json:"enrolment_number"`
	Mobile          string `json:"mobile,omitempty"`
	Email           string `json:"email,omitempty"`
}

// UnregisteredApplicant fetches an unregistered applicant by enrolment number (4.4).
func (c *Client) UnregisteredApplicant(ctx context.Context, enrolmentNumber string, opts ...CallOption) (*Applicant, error) {
	en, err := checkEnrolment(enrolmentNumber)
	if err != nil {
		return nil, err
	}
	out := &Applicant{}
	if err := c.public(ctx, "the applicant lookup", "/gst/compliance/public/unregistered-applicants", nil, enrolmentBody{EnrolmentNumber: en}, out, &out.Meta, applicantContract, "", opts); err != nil {
		return nil, err
	}
	return out, nil
}

// ApplicantContact is what to check against an applicant's record (4.5): at least one of
// Mobile and Email.
type ApplicantContact struct {
	EnrolmentNumber string `json:"enrolment_number"`
	Mobile          string `json:"mobile,omitempty"`
	Email           string `json:"email,omitempty"`
}

// ContactValidation says whether the mobile and e-mail match ("matched" / "unmatched"; "" when not asked).
type ContactValidation struct {
	Meta
	EnrolmentNumber string `json:"Enrolment Number"`
	Mobile          string `json:"Mobile Number,omitempty"`
	Email           string `json:"Email Address,omitempty"`
}

// ValidateApplicant checks a mobile number and/or e-mail against an applicant's record (4.5).
func (c *Client) ValidateApplicant(ctx context.Context, r ApplicantContact, opts ...CallOption) (*ContactValidation, error) {
	en, err := checkEnrolment(r.EnrolmentNumber)
	if err != nil {
		return nil, err
	}
	body := enrolmentBody{EnrolmentNumber: en}
	if body.Mobile, err = checkMobile(r.Mobile); err != nil {
		return nil, err
	}
	if r.Email != "" {
		if body.Email, err = checkEmail(r.Email); err != nil {
			return nil, err
		}
	}
	if body.Mobile == "" && body.Email == "" {
		return nil, invalid("Enter a mobile number or an e-mail address (or both) to check against the applicant.")
	}
	out := &ContactValidation{}
	if err := c.public(ctx, "the applicant validation", "/gst/compliance/public/unregistered-applicants/validation", nil, body, out, &out.Meta, validationContract, "", opts); err != nil {
		return nil, err
	}
	return out, nil
}

// public runs a POST tax-network operation (a lookup: it only reads, so it may be retried), checks
// data.data against its contract (and, when gstin is set, that it is about that GSTIN) and decodes
// it into out, keeping the meta.
func (c *Client) public(ctx context.Context, op, path string, q url.Values, body, out any, meta *Meta, contract []field, gstin string, opts []CallOption) error {
	cl := call{op: op, method: http.MethodPost, path: path, query: q, body: body, retry: true, tn: true}
	for _, o := range opts {
		o(&cl)
	}
	resp, err := c.do(ctx, cl)
	if err != nil {
		return err
	}
	raw, m, err := resp.payload(cl)
	if err != nil {
		return err
	}
	if err := checkContract(cl, m, raw, contract, gstin); err != nil {
		return err
	}
	if err := decodeLenient(cl, raw, out); err != nil {
		return err
	}
	*meta = m
	return nil
}
