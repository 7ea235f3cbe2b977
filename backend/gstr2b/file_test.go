package gstr2b

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDetectFileInEnvelope: a GSTR-2B or GSTR-2A saved from the service's answer, at either
// depth, is told apart as a portal file is; a GSTR-2A carries its whole object (Raw2A).
func TestDetectFileInEnvelope(t *testing.T) {
	twoA := `{"gstin":"01AABCE2207R1Z5","fp":"032020","b2b":[{"ctin":"01AABCE2207R1Z5","inv":[]}],"cdn":[{"ctin":"01AAAAP1208Q1ZS","nt":[{}]}]}`
	tests := []struct {
		name, in, kind, period string
	}{
		{"2B full envelope", string(readFixture(t, "corpus/envelope_full.json")), FileGSTR2B, "2025-10"},
		{"2B short envelope", string(readFixture(t, "corpus/envelope_short.json")), FileGSTR2B, "2024-06"},
		{"2B portal file", string(readFixture(t, "corpus/v4_totals.json")), FileGSTR2B, "2025-10"},
		{"2A portal file", twoA, FileGSTR2A, "2020-03"},
		{"2A short envelope", `{"data":{"data":` + twoA + `}}`, FileGSTR2A, "2020-03"},
		{"2A full envelope", `{"code":200,"data":{"data":` + twoA + `,"status_cd":"1"},"timestamp":1,"transaction_id":"t"}`, FileGSTR2A, "2020-03"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pf, err := DetectFile("f.json", []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if pf.Kind != tt.kind || pf.Period != tt.period {
				t.Fatalf("got %+v", pf)
			}
			if pf.Kind == FileGSTR2A {
				var m map[string]json.RawMessage
				if err := json.Unmarshal(pf.Raw2A, &m); err != nil || len(m["cdn"]) == 0 || len(m["b2b"]) == 0 {
					t.Errorf("Raw2A = %s", pf.Raw2A)
				}
				if len(pf.Others) != 1 || !strings.HasPrefix(pf.Others[0], "cdn") {
					t.Errorf("others = %v", pf.Others)
				}
			}
		})
	}
	// The service's error answer saved as a file says so.
	_, err := DetectFile("f.json", []byte(`{"code":200,"data":{"error":{"error_cd":"RET2B1016","message":"For current tax period, no details are available to view."},"status_cd":"0"}}`))
	if err == nil || !strings.Contains(err.Error(), "RET2B1016") {
		t.Errorf("error answer: %v", err)
	}
}
