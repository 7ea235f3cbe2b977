//go:build dev

// The dev binary's (-tags dev, the e2e runner's) seeding hook: a workspace as large as a big
// client's year, built at startup by the simulator and stored through the same bulk path a pull
// takes (gstr2a.Ingest). Never in the release binary.
//
//	GSTDESK_DEV_SEED_2A=FY:N   e.g. 2022:1200000 stores N GSTR-2A invoices (about N/12 a month,
//	                           ±10 %) for April FY to March FY+1 in the current workspace.
//
// It runs beside the window (the window opens at once) and, when it is done, writes
// dev-seed.json in the data folder ({"periods": [...], "invoices": n, "ms": t}); the e2e test
// waits for that file.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gstdesk/backend/export"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/simulator"
	"gstdesk/backend/store"
)

func init() { devStartup = seedBig2A }

func seedBig2A(sh *shell) {
	spec := os.Getenv("GSTDESK_DEV_SEED_2A")
	if spec == "" || sh.d == nil {
		return
	}
	fyText, nText, ok := strings.Cut(spec, ":")
	fy, err1 := strconv.Atoi(fyText)
	n, err2 := strconv.Atoi(nText)
	if !ok || err1 != nil || err2 != nil || fy < 2017 || n <= 0 {
		sh.log.Error("dev seed: GSTDESK_DEV_SEED_2A is FY:N (2022:1200000)", "value", spec)
		return
	}
	go func() {
		t0 := time.Now()
		out, err := seed2A(sh.ctx, sh, fy, n)
		if err != nil {
			sh.log.Error("dev seed", "err", err.Error())
			out = map[string]any{"error": err.Error()}
		}
		out["ms"] = time.Since(t0).Milliseconds()
		dir, derr := store.DataDir()
		if derr != nil {
			sh.log.Error("dev seed: data folder", "err", derr.Error())
			return
		}
		b, _ := json.Marshal(out)
		if err := export.WriteFileAtomic(filepath.Join(dir, "dev-seed.json"), 0o600, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
			sh.log.Error("dev seed: dev-seed.json", "err", err.Error()) // the e2e test waits for it
		}
	}()
}

// seed2A stores the twelve months of FY fy, about n invoices in all, for the current workspace.
func seed2A(ctx context.Context, sh *shell, fy, n int) (map[string]any, error) {
	ws := sh.d.Core.Workspace()
	end := time.Date(fy+1, 4, 30, 0, 0, 0, 0, time.UTC)
	sim := simulator.New(simulator.Options{Seed: 1198556, InvoicesPerMonth: max(1, n/12), EmptyPeriods: []string{}, Now: func() time.Time { return end }})
	defer sim.Close()
	var periods []string
	total := 0
	for k := 0; k < 12; k++ {
		y, m := fy, 4+k
		if m > 12 {
			y, m = fy+1, m-12
		}
		raw, empty := sim.GSTR2APayload(ws.GSTIN, y, m, "", time.Time{})
		p := fmt.Sprintf("%04d-%02d", y, m)
		snap, err := gstr2a.Ingest(ctx, sh.d.Core.DB.DB, gstr2a.IngestRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Period: p,
			FetchedAt: time.Now(), Raw: raw, Empty: empty, Source: "api"}, nil)
		if err != nil {
			return nil, fmt.Errorf("period %s: %w", p, err)
		}
		periods = append(periods, p)
		total += snap.Invoices
	}
	return map[string]any{"periods": periods, "invoices": total}, nil
}
