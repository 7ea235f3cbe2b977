package ims

import (
	"strings"
	"testing"

	"gstdesk/backend/recon"
)

func TestRecommend(t *testing.T) {
	diff := []recon.Difference{{Field: "taxable_value", Books: "1,500.00", GSTR2A: "1,000.00", Diff: "500.00"}, {Field: "igst", Books: "1.00", GSTR2A: "1.50", WithinTolerance: true}}
	tests := []struct {
		name      string
		in        RecommendInput
		action    string
		reason    string
		note      string
		notReason string
	}{
		{"exact", RecommendInput{Status: recon.Exact, BooksPeriod: "2025-10", SupplierPeriod: "2025-10", ITCAvailable: "Y"}, Accepted, "Matched with the books", "", ""},
		{"suggested near number", RecommendInput{Status: recon.Suggested, RuleID: recon.RuleNearNumber}, Accepted, "suggested", "", ""},
		{"booked later", RecommendInput{Status: recon.Exact, BooksPeriod: "2025-11", SupplierPeriod: "2025-10"}, Pending, "Booked in 2025-11, after the supplier's 2025-10", "", ""},
		{"wrong branch", RecommendInput{Status: recon.Suggested, RuleID: recon.RuleWrongBranch}, Pending, "another GSTIN", "", ""},
		{"mismatch names the difference", RecommendInput{Status: recon.Mismatch, Differences: diff}, Pending, "taxable value 1,500.00 in the books, 1,000.00 in 2B (500.00)", "", "igst"},
		{"missing in books never accepted", RecommendInput{Status: recon.MissingInBooks}, Pending, "Never accept", "", ""},
		{"missing in books, pending blocked", RecommendInput{Status: recon.MissingInBooks, PendingBlocked: true}, "", "does not allow pending", "", ""},
		{"not in 2B", RecommendInput{Status: recon.MissingIn2A}, "", "Not in GSTR-2B", "", ""},
		{"ITC not available shown", RecommendInput{Status: recon.Exact, ITCAvailable: "N", ITCReason: "P"}, Accepted, "Matched", "ITC not available: place of supply", ""},
		{"ITC temporary shown", RecommendInput{Status: recon.Exact, ITCAvailable: "T"}, Accepted, "Matched", "temporarily", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Recommend(tt.in)
			if r.Action != tt.action || !strings.Contains(r.Reason, tt.reason) || (tt.note != "" && !strings.Contains(r.ITCNote, tt.note)) ||
				(tt.note == "" && r.ITCNote != "") || (tt.notReason != "" && strings.Contains(r.Reason, tt.notReason)) {
				t.Errorf("Recommend = %+v, want %q %q note %q", r, tt.action, tt.reason, tt.note)
			}
		})
	}
}

func TestParseAndCheckChoice(t *testing.T) {
	parse := []struct {
		in, want string
		bad      bool
	}{
		{"accept", Accepted, false}, {"Reject", Rejected, false}, {"pending", Pending, false}, {"reset", NoAction, false},
		{"leave", Leave, false}, {"-", Leave, false}, {"", "", false}, {"clear", "", false}, {"recommended", "", false},
		{"approve", "", true},
	}
	for _, tt := range parse {
		got, err := ParseChoice(tt.in)
		if got != tt.want || (err != nil) != tt.bad {
			t.Errorf("ParseChoice(%q) = %q, %v", tt.in, got, err)
		}
	}
	check := []struct {
		name   string
		choice string
		in     ChoiceInput
		ok     bool
	}{
		{"accept a match", Accepted, ChoiceInput{Status: recon.Exact, In2B: true}, true},
		{"reject a match", Rejected, ChoiceInput{Status: recon.Exact, In2B: true}, true},
		{"accept what is not booked", Accepted, ChoiceInput{Status: recon.MissingInBooks, In2B: true}, false},
		{"reject what is not booked", Rejected, ChoiceInput{Status: recon.MissingInBooks, In2B: true}, true},
		{"pending where blocked", Pending, ChoiceInput{Status: recon.Mismatch, In2B: true, PendingBlocked: true}, false},
		{"reset where blocked", NoAction, ChoiceInput{Status: recon.Mismatch, In2B: true, PendingBlocked: true}, true},
		{"any action off 2B", Rejected, ChoiceInput{Status: recon.MissingIn2A}, false},
		{"leave off 2B", Leave, ChoiceInput{Status: recon.MissingIn2A}, true},
		{"clear off 2B", "", ChoiceInput{Status: recon.MissingIn2A}, true},
	}
	for _, tt := range check {
		if err := CheckChoice(tt.choice, tt.in); (err == nil) != tt.ok {
			t.Errorf("%s: CheckChoice = %v", tt.name, err)
		}
	}
}
