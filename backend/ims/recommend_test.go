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

func TestRecommendNeverCostsCredit(t *testing.T) {
	books := &recon.Invoice{Number: "INV/001", Date: "2025-01-13", Period: "2025-01", Taxable: 100000, IGST: 18000}
	twoB := &recon.Invoice{Number: "INV/001", Date: "2025-01-13", Period: "2025-03", Taxable: 100000, IGST: 18000}
	other := &recon.Invoice{Number: "CR/002", Date: "2025-03-02", Period: "2025-03", Taxable: 100000, IGST: 18000}
	tests := []struct {
		name   string
		in     RecommendInput
		action string
		rule   string
		reason string
	}{
		{"reported late", RecommendInput{Status: recon.Exact, RuleID: recon.RuleExact, BooksPeriod: "2025-01", SupplierPeriod: "2025-03", Books: books, TwoB: twoB},
			Accepted, RuleAcceptLate, "reported late by the supplier: invoice of 13/01/2025 in the 2B of March 2025"},
		{"same amounts", RecommendInput{Status: recon.Suggested, RuleID: recon.RuleSameAmounts, BooksPeriod: "2025-03", SupplierPeriod: "2025-03", Books: other, TwoB: twoB},
			Pending, RuleConfirmNumber, `Confirm the number: the books have "CR/002", GSTR-2B has "INV/001"`},
		{"near number differs", RecommendInput{Status: recon.Suggested, RuleID: recon.RuleNearNumber, Books: &recon.Invoice{Number: "INV/01"}, TwoB: &recon.Invoice{Number: "INV/02"}},
			Pending, RuleConfirmNumber, "Confirm the number"},
		{"separator differs", RecommendInput{Status: recon.Suggested, RuleID: recon.RuleSeparator, Books: &recon.Invoice{Number: "1/234"}, TwoB: &recon.Invoice{Number: "12/34"}},
			Pending, RuleConfirmNumber, "Confirm the number"},
		{"books hold it", RecommendInput{Status: recon.MissingInBooks, TwoB: twoB, BooksHold: `invoice "INV-1" of 13/01/2025 (January 2025)`},
			Pending, RuleBooksHoldIt, "Do not reject a document you hold"},
		{"claimed earlier", RecommendInput{Status: recon.Exact, BooksPeriod: "2025-01", SupplierPeriod: "2025-01", Books: books, TwoB: books, ClaimedIn: "2025-01"},
			Accepted, RuleClaimedEarlier, "already claimed in the GSTR-3B of January 2025"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Recommend(tt.in)
			if r.Action != tt.action || r.Rule != tt.rule || !strings.Contains(r.Reason, tt.reason) || r.Figures == "" {
				t.Errorf("Recommend = %+v, want %q %q %q", r, tt.action, tt.rule, tt.reason)
			}
			if tt.in.BooksHold != "" && strings.Contains(r.Reason, "reject it once") {
				t.Errorf("advises reject for a document the books hold: %s", r.Reason)
			}
		})
	}
}

// Property: whatever the row, Recommend never advises reject; never accept a pair whose numbers
// differ or that was found on amounts alone; never "reject once reviewed" where the books hold
// the document under another period, spelling or type.
func TestRecommendPropertyNoRejectNoUnconfirmedAccept(t *testing.T) {
	statuses := []recon.Status{recon.Exact, recon.Suggested, recon.Mismatch, recon.MissingIn2A, recon.MissingInBooks, recon.DuplicateInBooks}
	rules := []recon.RuleID{recon.RuleExact, recon.RuleDifferent, recon.RuleDateWindow, recon.RuleNearNumber, recon.RuleWrongBranch, recon.RuleSameAmounts,
		recon.RuleManualLink, recon.RuleSeparator, recon.RuleDocType, recon.RuleNotInBooks}
	numbers := []string{"INV/1", "inv/0001", "1/234", "12/34", "INV-1", "CR/002", ""}
	periods := []string{"", "2025-01", "2025-03", "2025-04"}
	seed := uint64(23)
	next := func(n int) int { seed = seed*6364136223846793005 + 1442695040888963407; return int(seed>>33) % n }
	for i := 0; i < 20000; i++ {
		in := RecommendInput{Status: statuses[next(len(statuses))], RuleID: rules[next(len(rules))], BooksPeriod: periods[next(len(periods))],
			SupplierPeriod: periods[next(len(periods))], PendingBlocked: next(4) == 0}
		if in.Status != recon.MissingInBooks {
			in.Books = &recon.Invoice{Number: numbers[next(len(numbers))]}
		}
		if in.Status != recon.MissingIn2A && in.Status != recon.DuplicateInBooks {
			in.TwoB = &recon.Invoice{Number: numbers[next(len(numbers))]}
		}
		if next(2) == 0 {
			in.BooksHold = "invoice \"X\""
		}
		r := Recommend(in)
		if r.Action == Rejected {
			t.Fatalf("reject advised for %+v", in)
		}
		differ := in.Books != nil && in.TwoB != nil && NumbersDiffer(in.Books.Number, in.TwoB.Number)
		if r.Action == Accepted && (differ || in.RuleID == recon.RuleSameAmounts) {
			t.Fatalf("accept advised for an unconfirmed number: %+v → %+v", in, r)
		}
		if r.Action == Accepted && in.Status == recon.MissingInBooks {
			t.Fatalf("accept of a document not booked: %+v", in)
		}
		if in.BooksHold != "" && (strings.Contains(r.Reason, "reject it once") || strings.Contains(r.Reason, "accept or reject")) {
			t.Fatalf("reject advised where the books hold it: %+v → %s", in, r.Reason)
		}
		if r.Rule == "" {
			t.Fatalf("no rule named: %+v → %+v", in, r)
		}
	}
}

// A pair that differs within the tolerance is not said to have the same amounts.
func TestRecommendWithinToleranceIsNotSameAmounts(t *testing.T) {
	r := Recommend(RecommendInput{Status: recon.Exact, RuleID: recon.RuleExact,
		Differences: []recon.Difference{{Field: "igst", Books: "180.00", GSTR2A: "180.50", WithinTolerance: true}}})
	if r.Action != Accepted || strings.Contains(r.Reason, "same supplier, number, date and amounts") || !strings.Contains(r.Reason, "amounts within tolerance (igst 180.00 in the books, 180.50 in 2B)") {
		t.Errorf("Recommend = %+v", r)
	}
}
