package gstapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"gstdesk/backend/apperr"
)

// GSTR2ARequest names a return period of GSTR-2A B2B invoices and its optional filters (4.7).
type GSTR2ARequest struct {
	Year  int // four digits, e.g. 2025
	Month int // 1-12
	// CounterpartyGSTIN keeps only one supplier's invoices (query counterparty_gstin).
	CounterpartyGSTIN string
	// From keeps data from this date on, DD/MM/YYYY (query from).
	From string
}

// Period returns the period as MMYYYY, the way GST returns name it.
func (r GSTR2ARequest) Period() string { return fmt.Sprintf("%02d%04d", r.Month, r.Year) }

// GSTR2A is the raw B2B listing of a period: Meta.Raw is data.data ({"b2b": [...]}) exactly as
// sent, for another package to parse and for snapshots to keep verbatim. It is checked here only
// as UTF-8 JSON: the listing, up to 100 MB, is read once, by package gstr2a, which refuses an
// answer that is not an object with one b2b list.
type GSTR2A struct {
	Meta
	Year  int `json:"year"`
	Month int `json:"month"`
	// Empty is set when the service says there is no data for the period (status_cd "0",
	// RET13509 "No data found"); Raw is then nil and NoData holds the service's words.
	Empty  bool           `json:"empty"`
	NoData *BusinessError `json:"-"`
}

// GSTR2AB2B fetches the GSTR-2A B2B invoices of a period with a taxpayer token from VerifyOTP.
// "No data" is not an error: the answer has Empty set.
func (c *Client) GSTR2AB2B(ctx context.Context, taxpayerToken string, r GSTR2ARequest) (*GSTR2A, error) {
	if r.Year < 2017 || r.Year > 9999 || r.Month < 1 || r.Month > 12 {
		return nil, invalid("Invalid return period %02d/%d: the month is 1-12 and the year four digits, from 2017.", r.Month, r.Year)
	}
	if strings.TrimSpace(taxpayerToken) == "" {
		return nil, apperr.New(apperr.Unauthorised, "There is no GST portal session for this taxpayer. Sign in with an OTP first.")
	}
	q := url.Values{}
	if r.CounterpartyGSTIN != "" {
		g, err := checkGSTIN(r.CounterpartyGSTIN)
		if err != nil {
			return nil, err
		}
		q.Set("counterparty_gstin", g)
	}
	if r.From != "" {
		d, err := checkDate("from date", r.From, "/")
		if err != nil {
			return nil, err
		}
		q.Set("from", d)
	}
	return c.get2A(ctx, r, call{op: "the GSTR-2A download", method: http.MethodGet,
		path:  fmt.Sprintf("/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/%04d/%02d", r.Year, r.Month),
		query: q, bearer: taxpayerToken, retry: true, tn: true})
}

// get2A makes a GSTR-2A call: "no data" is an answer with Empty set, not an error.
func (c *Client) get2A(ctx context.Context, r GSTR2ARequest, cl call) (*GSTR2A, error) {
	resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, err
	}
	out := &GSTR2A{Year: r.Year, Month: r.Month}
	raw, m, err := resp.payload(cl)
	if err != nil {
		var be *BusinessError
		if errors.As(err, &be) && be.NoData() {
			out.Meta, out.Empty, out.NoData = m, true, be
			return out, nil
		}
		return nil, err
	}
	out.Meta = m
	out.Raw = raw
	return out, nil
}

// GSTR2ADocument fetches the whole GSTR-2A of a period (every section: b2b, b2ba, cdn, cdna, isd,
// isda, impg, impgsez ..., with gstin and fp, the portal file's shape) with a taxpayer token from
// VerifyOTP: the "GSTR-2A Document" of the service (gstr2b-ims.md §3.2). "No data" is not an
// error: the answer has Empty set.
func (c *Client) GSTR2ADocument(ctx context.Context, taxpayerToken string, r GSTR2ARequest) (*GSTR2A, error) {
	if r.Year < 2017 || r.Year > 9999 || r.Month < 1 || r.Month > 12 {
		return nil, invalid("Invalid return period %02d/%d: the month is 1-12 and the year four digits, from 2017.", r.Month, r.Year)
	}
	if strings.TrimSpace(taxpayerToken) == "" {
		return nil, apperr.New(apperr.Unauthorised, "There is no GST portal session for this taxpayer. Sign in with an OTP first.")
	}
	return c.get2A(ctx, r, call{op: "the GSTR-2A download", method: http.MethodGet,
		path:   fmt.Sprintf("/gst/compliance/tax-payer/gstrs/gstr-2a/%04d/%02d", r.Year, r.Month),
		bearer: taxpayerToken, retry: true, tn: true})
}
