package payroll

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"gstdesk/backend/export"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
	"gstdesk/backend/workbook"
)

// Change is how one employee differs between two runs.
type Change struct {
	Key         string `json:"key"` // what matched the two: the code, else the PAN, else the name
	Name        string `json:"name"`
	Code        string `json:"employee_code"`
	PAN         string `json:"pan"`
	Status      string `json:"status"` // "added", "removed" or "changed"
	FromTax     int64  `json:"from_tax"`
	ToTax       int64  `json:"to_tax"`
	FromTDS     int64  `json:"from_tds"`
	ToTDS       int64  `json:"to_tds"`
	FromMonthly int64  `json:"from_monthly"`
	ToMonthly   int64  `json:"to_monthly"`
	FromRegime  string `json:"from_regime"`
	ToRegime    string `json:"to_regime"`
}

// Comparison is a later run set against an earlier one.
type Comparison struct {
	From      Run      `json:"from"`
	To        Run      `json:"to"`
	Changes   []Change `json:"changes"` // added, removed and changed employees; unchanged ones are counted
	Added     int      `json:"added"`
	Removed   int      `json:"removed"`
	Changed   int      `json:"changed"`
	Unchanged int      `json:"unchanged"`
}

func rowKey(r *Row) string {
	switch {
	case r.Code != "":
		return "code:" + r.Code
	case r.PAN != "":
		return "pan:" + r.PAN
	case r.Name != "":
		return "name:" + r.Name
	}
	return "row:" + strconv.Itoa(r.Seq)
}

func recommended(r *Row) (tax, tdsAmt int64) {
	if r.Recommended == "old" {
		return r.OldTax, r.OldTDS
	}
	return r.NewTax, r.NewTDS
}

// Compare sets run to against run from, matching employees by code, else PAN, else name, else
// position: who was added or removed, and whose tax, TDS, monthly TDS or regime changed.
func Compare(ctx context.Context, db *sql.DB, fromID, toID string) (Comparison, error) {
	var c Comparison
	var err error
	if c.From, err = GetRun(ctx, db, fromID); err != nil {
		return c, err
	}
	if c.To, err = GetRun(ctx, db, toID); err != nil {
		return c, err
	}
	from, _, err := AllRows(ctx, db, fromID, Query{})
	if err != nil {
		return c, err
	}
	to, _, err := AllRows(ctx, db, toID, Query{})
	if err != nil {
		return c, err
	}
	before := make(map[string]*Row, len(from))
	for i := range from {
		before[rowKey(&from[i])] = &from[i]
	}
	c.Changes = []Change{}
	seen := make(map[string]bool, len(to))
	for i := range to {
		r := &to[i]
		k := rowKey(r)
		seen[k] = true
		ch := Change{Key: k, Name: r.Name, Code: r.Code, PAN: r.PAN, ToMonthly: r.Monthly, ToRegime: r.Recommended}
		ch.ToTax, ch.ToTDS = recommended(r)
		b, ok := before[k]
		if !ok {
			ch.Status = "added"
			c.Added++
			c.Changes = append(c.Changes, ch)
			continue
		}
		ch.FromTax, ch.FromTDS = recommended(b)
		ch.FromMonthly, ch.FromRegime = b.Monthly, b.Recommended
		if ch.FromTax == ch.ToTax && ch.FromTDS == ch.ToTDS && ch.FromMonthly == ch.ToMonthly && ch.FromRegime == ch.ToRegime {
			c.Unchanged++
			continue
		}
		ch.Status = "changed"
		c.Changed++
		c.Changes = append(c.Changes, ch)
	}
	for i := range from {
		r := &from[i]
		if k := rowKey(r); !seen[k] {
			ch := Change{Key: k, Name: r.Name, Code: r.Code, PAN: r.PAN, Status: "removed", FromMonthly: r.Monthly, FromRegime: r.Recommended}
			ch.FromTax, ch.FromTDS = recommended(r)
			c.Removed++
			c.Changes = append(c.Changes, ch)
		}
	}
	return c, nil
}

// SummaryTable is a run's rows as an accountant prints them: who, both regimes' taxable income,
// tax and TDS, the recommendation and saving, TDS deducted so far and this month's TDS.
func SummaryTable(cols Layout, rows []Row) export.Table {
	if cols == nil {
		cols = defaultColumns
	}
	t := export.Table{Name: "payroll TDS"}
	for _, c := range cols {
		key, title := c.Header, c.Header
		if c.Header == "" {
			key, title = c.Key, map[string]string{ColCode: "Employee code", ColName: "Name", ColPAN: "PAN"}[c.Key]
		}
		t.Columns = append(t.Columns, export.Column{Key: key, Title: title, Kind: export.Text})
	}
	t.Columns = append(t.Columns, []export.Column{
		{Key: "new_income", Title: "New regime: taxable income", Kind: export.Money},
		{Key: "new_tax", Title: "New regime: total tax", Kind: export.Money},
		{Key: "new_tds", Title: "New regime: TDS for the year", Kind: export.Money},
		{Key: "old_income", Title: "Old regime: taxable income", Kind: export.Money},
		{Key: "old_tax", Title: "Old regime: total tax", Kind: export.Money},
		{Key: "old_tds", Title: "Old regime: TDS for the year", Kind: export.Money},
		{Key: "recommended", Title: "Recommended regime", Kind: export.Text},
		{Key: "saving", Title: "Saving", Kind: export.Money},
		{Key: "deducted", Title: "TDS deducted so far", Kind: export.Money},
		{Key: "monthly", Title: "TDS this month", Kind: export.Money},
	}...)
	for _, r := range rows {
		row := make([]any, 0, len(t.Columns))
		for i := range cols {
			v := ""
			if i < len(r.Carried) {
				v = r.Carried[i]
			}
			row = append(row, v)
		}
		t.Rows = append(t.Rows, append(row, r.NewIncome, r.NewTax, r.NewTDS, r.OldIncome, r.OldTax, r.OldTDS, r.Recommended, r.Saving, r.Deducted, r.Monthly))
	}
	return t
}

// Difference is one item where the remote calculator's answer differs from gstdesk's.
type Difference struct {
	Sheet  string `json:"sheet"` // the output sheet, or "" for the workbook as a whole
	Key    string `json:"key"`
	Local  string `json:"local"`
	Remote string `json:"remote"`
}

// Diff compares gstdesk's response workbook with the remote calculator's, item by item on both
// output sheets; amounts compare as numbers (1285000 equals 1285000.00).
func Diff(local, remote workbook.Workbook) []Difference {
	out := []Difference{}
	for _, name := range []string{workbook.NewRegimeSheet, workbook.OldRegimeSheet} {
		ls, lok := local.Sheet(name)
		rs, rok := remote.Sheet(name)
		if !lok || !rok {
			if lok != rok {
				out = append(out, Difference{Sheet: name, Key: "(sheet)", Local: present(lok), Remote: present(rok)})
			}
			continue
		}
		rv := map[string]string{}
		var order []string
		for _, it := range rs.Items {
			if _, dup := rv[it.Key]; !dup {
				order = append(order, it.Key)
			}
			rv[it.Key] = valueText(it.Value)
		}
		lv := map[string]bool{}
		for _, it := range ls.Items {
			lv[it.Key] = true
			l := valueText(it.Value)
			r, ok := rv[it.Key]
			if !ok {
				out = append(out, Difference{Sheet: name, Key: it.Key, Local: l, Remote: "(missing)"})
				continue
			}
			if !sameValue(l, r) {
				out = append(out, Difference{Sheet: name, Key: it.Key, Local: l, Remote: r})
			}
		}
		for _, k := range order {
			if !lv[k] {
				out = append(out, Difference{Sheet: name, Key: k, Local: "(missing)", Remote: rv[k]})
			}
		}
	}
	return out
}

func present(ok bool) string {
	if ok {
		return "present"
	}
	return "(missing)"
}

func valueText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return string(x)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

func sameValue(a, b string) bool {
	if a == b {
		return true
	}
	pa, ea := tds.ParseAmount(a)
	pb, eb := tds.ParseAmount(b)
	return ea == nil && eb == nil && pa == pb
}

// Check is a stored answer of the remote calculator for one employee of a run.
type Check struct {
	RunID         string          `json:"run_id"`
	Seq           int             `json:"seq"`
	CheckedAt     time.Time       `json:"checked_at"`
	TransactionID string          `json:"transaction_id"`
	Response      json.RawMessage `json:"response"`
	Differences   []Difference    `json:"differences"`
}

// SaveCheck stores the remote answer for an employee of a run, stamped with c.CheckedAt (the
// caller's clock: required).
func SaveCheck(ctx context.Context, db *sql.DB, c Check) (Check, error) {
	if c.CheckedAt.IsZero() {
		return c, fmt.Errorf("payroll: save check: no time given to stamp the answer with")
	}
	c.CheckedAt = c.CheckedAt.UTC().Truncate(time.Millisecond)
	if c.Differences == nil {
		c.Differences = []Difference{}
	}
	d, _ := json.Marshal(c.Differences)
	_, err := db.ExecContext(ctx, `INSERT INTO payroll_checks (run_id, seq, checked_at, transaction_id, response, differences, difference_count) VALUES (?,?,?,?,?,?,?)`,
		c.RunID, c.Seq, store.FormatTime(c.CheckedAt), c.TransactionID, string(c.Response), string(d), len(c.Differences))
	if err != nil {
		return c, fmt.Errorf("payroll: save check: %w", err)
	}
	return c, nil
}

// Checks returns the stored remote answers for an employee of a run, newest first.
func Checks(ctx context.Context, db *sql.DB, runID string, seq int) ([]Check, error) {
	rows, err := db.QueryContext(ctx, `SELECT checked_at, transaction_id, response, differences FROM payroll_checks WHERE run_id=? AND seq=? ORDER BY checked_at DESC`, runID, seq)
	if err != nil {
		return nil, fmt.Errorf("payroll: checks: %w", err)
	}
	defer rows.Close()
	out := []Check{}
	for rows.Next() {
		c := Check{RunID: runID, Seq: seq}
		var at, resp, diffs string
		if err := rows.Scan(&at, &c.TransactionID, &resp, &diffs); err != nil {
			return nil, fmt.Errorf("payroll: checks: %w", err)
		}
		c.CheckedAt, _ = time.Parse(time.RFC3339Nano, at)
		c.Response = json.RawMessage(resp)
		if err := json.Unmarshal([]byte(diffs), &c.Differences); err != nil {
			return nil, fmt.Errorf("payroll: checks: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
