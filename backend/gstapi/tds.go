package gstapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"

	"gstdesk/backend/apperr"
)

// SalaryTDS is the answer of the salary TDS calculator: the workbook with both output sheets.
type SalaryTDS struct {
	Meta
	// Workbook is data as sent (also in Meta.Raw).
	Workbook json.RawMessage `json:"workbook"`
}

// SalaryTDS sends a salary workbook (section 2.8) to the calculator for a financial year (4.8) and
// returns the computed workbook verbatim.
func (c *Client) SalaryTDS(ctx context.Context, financialYear string, workbook json.RawMessage) (*SalaryTDS, error) {
	fy, err := NormalizeFinancialYear(financialYear)
	if err != nil {
		return nil, err
	}
	if !json.Valid(workbook) || len(workbook) == 0 || workbook[0] != '{' {
		return nil, invalid("The salary workbook is not a JSON object; it cannot be sent to the TDS calculator.")
	}
	// A calculation changes nothing at the service: it may be retried.
	cl := call{op: "the salary TDS calculation", method: http.MethodPost, path: "/tds/calculator/salary/sync",
		query: url.Values{"financial_year": {fy}}, body: workbook, retry: true}
	resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, err
	}
	env, err := resp.envelope()
	if err != nil {
		return nil, err
	}
	data := env.Data
	if len(data) == 0 || data[0] != '{' {
		return nil, apperr.New(apperr.Unavailable, "The TDS calculator's answer has no workbook. Try again later.")
	}
	// A tax-network style error inside data (status_cd "0") is still an error.
	var probe tnData
	if json.Unmarshal(data, &probe) == nil && string(probe.StatusCd) == "0" {
		_, _, err := resp.payload(cl)
		return nil, err
	}
	return &SalaryTDS{Meta: env.meta(data), Workbook: data}, nil
}
