package payroll

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/workbook"
)

// Calculator sends one request workbook to the remote salary TDS calculator (operation 4.8) for
// a financial year ("FY 2025-26") and returns the answer's transaction id and data as sent.
type Calculator func(ctx context.Context, fy string, request json.RawMessage) (transactionID string, response json.RawMessage, err error)

// MaxCrossCheck is how many employees one cross-check sends to the remote service.
const MaxCrossCheck = 50

// CrossCheck sends the chosen employees of a run to the remote calculator, compares each answer
// with gstdesk's own line by line, and stores every answer with its transaction id. It stops at
// the first failed call (the checks made so far are kept and returned with the error). Each answer
// is stamped with now() (the caller's clock) when it arrives.
func CrossCheck(ctx context.Context, db *sql.DB, now func() time.Time, runID string, seqs []int, calc Calculator, progress Progress) ([]Check, error) {
	if len(seqs) == 0 {
		return nil, apperr.New(apperr.Invalid, "Choose the employees to check against the remote calculator.")
	}
	if len(seqs) > MaxCrossCheck {
		return nil, apperr.New(apperr.Invalid, "Check at most %d employees at a time against the remote calculator (%d chosen).", MaxCrossCheck, len(seqs))
	}
	run, err := GetRun(ctx, db, runID)
	if err != nil {
		return nil, err
	}
	emps, got, err := Employees(ctx, db, runID, seqs...)
	if err != nil {
		return nil, err
	}
	out := []Check{}
	for i := range emps {
		e := &emps[i]
		req, err := e.RequestWorkbook().MarshalJSON()
		if err != nil {
			return out, apperr.Wrap(apperr.Internal, err, "payroll: cross-check request")
		}
		local, _, _, err := workbook.Calculate(&workbook.Workbook{Name: workbook.WorkbookName, Entity: workbook.EntityWorkbook,
			Sheets: []workbook.Sheet{{Name: workbook.InputSheet, Entity: workbook.EntityList, Items: e.WorkbookItems()}}}, run.FY)
		if err != nil {
			return out, err
		}
		txn, resp, err := calc(ctx, run.FY.String(), req)
		if err != nil {
			return out, err
		}
		c := Check{RunID: runID, Seq: got[i], CheckedAt: now(), TransactionID: txn, Response: resp}
		remote, err := workbook.Parse(resp)
		if err != nil {
			c.Differences = []Difference{{Key: "(workbook)", Local: "a workbook", Remote: apperr.Window.Public(err).Message}}
		} else {
			c.Differences = Diff(local, remote)
		}
		if c, err = SaveCheck(ctx, db, c); err != nil {
			return out, err
		}
		out = append(out, c)
		if progress != nil {
			progress(i+1, len(emps))
		}
	}
	return out, nil
}
