package tdsyear

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstin"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
)

// Employer is the deductor of a TDS year: who the certificates and the annexure name.
type Employer struct {
	FY          tds.FY    `json:"fy"`
	FYLabel     string    `json:"fy_label"`
	Name        string    `json:"name"`
	TAN         string    `json:"tan"`
	PAN         string    `json:"pan"`
	Address     string    `json:"address"`
	Responsible string    `json:"responsible"` // the person responsible for deduction of tax
	Designation string    `json:"designation"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// Check trims the employer's fields and checks them: a name, a TAN of the right pattern (4
// letters, 5 digits, 1 letter), a PAN when given.
func (e Employer) Check() (Employer, error) {
	for _, p := range []*string{&e.Name, &e.TAN, &e.PAN, &e.Address, &e.Responsible, &e.Designation} {
		*p = strings.TrimSpace(*p)
	}
	if e.Name == "" {
		return e, apperr.New(apperr.Invalid, "The employer's name is required (--name).")
	}
	tan, err := gstin.ParseTAN(e.TAN)
	if err != nil {
		return e, apperr.New(apperr.Invalid, "TAN %q is not valid: %v.", e.TAN, err)
	}
	e.TAN = tan
	if e.PAN != "" {
		p, err := gstin.ParsePAN(e.PAN)
		if err != nil {
			return e, apperr.New(apperr.Invalid, "The employer's PAN %q is not valid: %v.", e.PAN, err)
		}
		e.PAN = p.Value
	}
	return e, nil
}

// SetEmployer checks and stores the employer of a workspace's TDS year (replacing any earlier).
func SetEmployer(ctx context.Context, db *sql.DB, workspaceID string, e Employer, now time.Time) (Employer, error) {
	e, err := e.Check()
	if err != nil {
		return e, err
	}
	e.FYLabel = e.FY.String()
	e.UpdatedAt = now.UTC().Truncate(time.Millisecond)
	_, err = db.ExecContext(ctx, `INSERT INTO tds_employers (workspace_id, fy, name, tan, pan, address, responsible, designation, updated_at) VALUES (?,?,?,?,?,?,?,?,?)
		ON CONFLICT (workspace_id, fy) DO UPDATE SET name=excluded.name, tan=excluded.tan, pan=excluded.pan, address=excluded.address,
		responsible=excluded.responsible, designation=excluded.designation, updated_at=excluded.updated_at`,
		workspaceID, int(e.FY), e.Name, e.TAN, e.PAN, e.Address, e.Responsible, e.Designation, store.FormatTime(e.UpdatedAt))
	if err != nil {
		return e, fmt.Errorf("tdsyear: set employer: %w", err)
	}
	return e, nil
}

// GetEmployer reads the employer of a workspace's TDS year; NotFound when none is set.
func GetEmployer(ctx context.Context, db *sql.DB, workspaceID string, fy tds.FY) (Employer, error) {
	e := Employer{FY: fy, FYLabel: fy.String()}
	var at string
	err := db.QueryRowContext(ctx, `SELECT name, tan, pan, address, responsible, designation, updated_at FROM tds_employers WHERE workspace_id=? AND fy=?`, workspaceID, int(fy)).
		Scan(&e.Name, &e.TAN, &e.PAN, &e.Address, &e.Responsible, &e.Designation, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return e, apperr.New(apperr.NotFound, "No employer is set for %s: give its name and TAN first.", fy).
			WithHint(apperr.Hint{Command: "gstdesk tds employer set --fy \"" + fy.String() + "\" --name NAME --tan TAN", Window: "Fill in the employer above the months."})
	}
	if err != nil {
		return e, fmt.Errorf("tdsyear: employer: %w", err)
	}
	e.UpdatedAt, _ = store.ParseTime(at)
	return e, nil
}
