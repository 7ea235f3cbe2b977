package gstin

import (
	"errors"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
)

func TestParseFamilies(t *testing.T) {
	tests := []struct {
		in     string
		want   GSTIN
		family Family
	}{
		{"27AAPFU0939F1ZV", GSTIN{Value: "27AAPFU0939F1ZV", StateCode: "27", StateName: "Maharashtra", Family: Regular, PAN: "AAPFU0939F", Holder: Firm, Identity: "AAPFU0939F", EntityNumber: "1", CheckChar: "V"}, Regular},
		{" 27aapfu0939f1zv\n", GSTIN{Value: "27AAPFU0939F1ZV", StateCode: "27", StateName: "Maharashtra", Family: Regular, PAN: "AAPFU0939F", Holder: Firm, Identity: "AAPFU0939F", EntityNumber: "1", CheckChar: "V"}, Regular},
		{"27 AAPFU0939F 1Z V", GSTIN{Value: "27AAPFU0939F1ZV", StateCode: "27", StateName: "Maharashtra", Family: Regular, PAN: "AAPFU0939F", Holder: Firm, Identity: "AAPFU0939F", EntityNumber: "1", CheckChar: "V"}, Regular},
		{"27AACCA8432H2ZP", GSTIN{Value: "27AACCA8432H2ZP", StateCode: "27", StateName: "Maharashtra", Family: Regular, PAN: "AACCA8432H", Holder: Company, Identity: "AACCA8432H", EntityNumber: "2", CheckChar: "P"}, Regular},
		{"0717UNO00157UNO", GSTIN{Value: "0717UNO00157UNO", StateCode: "07", StateName: "Delhi", Family: UIN, Identity: "17UNO00157", EntityNumber: "U", CheckChar: "O"}, UIN},
		{"9917SGP29001OST", GSTIN{Value: "9917SGP29001OST", StateCode: "99", StateName: "Centre Jurisdiction", Family: NonResident, Identity: "17SGP29001", EntityNumber: "O", CheckChar: "T"}, NonResident},
		{"9917SGP29002OSR", GSTIN{Value: "9917SGP29002OSR", StateCode: "99", StateName: "Centre Jurisdiction", Family: NonResident, Identity: "17SGP29002", EntityNumber: "O", CheckChar: "R"}, NonResident},
		{"06DELI09652G1DA", GSTIN{Value: "06DELI09652G1DA", StateCode: "06", StateName: "Haryana", Family: TaxDeductor, TAN: "DELI09652G", Identity: "DELI09652G", EntityNumber: "1", CheckChar: "A"}, TaxDeductor},
		{"29AABCF8078M1C8", GSTIN{Value: "29AABCF8078M1C8", StateCode: "29", StateName: "Karnataka", Family: ECommerce, PAN: "AABCF8078M", Holder: Company, Identity: "AABCF8078M", EntityNumber: "1", CheckChar: "8"}, ECommerce},
		{Make("25", "AAPFU0939F", '1'), GSTIN{Value: Make("25", "AAPFU0939F", '1'), StateCode: "25", StateName: "Daman and Diu", Family: Regular, PAN: "AAPFU0939F", Holder: Firm, Identity: "AAPFU0939F", EntityNumber: "1", CheckChar: Make("25", "AAPFU0939F", '1')[14:], LegacyState: true}, Regular},
		{Make("97", "AAGCB1286Q", 'A'), GSTIN{Value: Make("97", "AAGCB1286Q", 'A'), StateCode: "97", StateName: "Other Territory", Family: Regular, PAN: "AAGCB1286Q", Holder: Company, Identity: "AAGCB1286Q", EntityNumber: "A", CheckChar: Make("97", "AAGCB1286Q", 'A')[14:]}, Regular},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q) error %v", tt.in, err)
			}
			if got != tt.want {
				t.Errorf("Parse(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
			if got.Family.Label() == "" {
				t.Errorf("family %q has no label", got.Family)
			}
			if !Valid(tt.in) {
				t.Errorf("Valid(%q) = false", tt.in)
			}
		})
	}
}

func TestParseFailures(t *testing.T) {
	tests := []struct {
		in         string
		wantCode   Reason
		wantReason string
	}{
		{"", ReasonEmpty, "GSTIN is empty"},
		{"   ", ReasonEmpty, "GSTIN is empty"},
		{"27AAPFU0939F1Z", ReasonLength, "length is 14, a GSTIN has 15 characters"},
		{"27AAPFU0939F1ZVV", ReasonLength, "length is 16, a GSTIN has 15 characters"},
		{"27AAPFU0939F1Zé", ReasonCharacter, "character 15 ('É') is not a letter or digit"},
		{"27AAPFU-939F1ZV", ReasonCharacter, "character 8 ('-') is not a letter or digit"},
		{"2XAAPFU0939F1ZV", ReasonState, "state code 2X should be two digits"},
		{"41AAPFU0939F1ZV", ReasonState, "state code 41 does not exist"},
		{"00AAPFU0939F1ZV", ReasonState, "state code 00 does not exist"},
		{"96AAPFU0939F1ZV", ReasonState, "state code 96 (Other Countries) is a place of supply, never part of a GSTIN"},
		{"27AAPFU0939F1ZX", ReasonCheckChar, "check character should be V, not X"},
		{"29AFSPB9500E1ZY", ReasonCheckChar, "check character should be F, not Y"},
		{"27AAPF10939F1ZV", ReasonPattern, "characters 3-12 should be a PAN: character 5 of the PAN ('1') should be a letter: a PAN is 5 letters, 4 digits, 1 letter"},
		{"27AAPFUX939F1ZV", ReasonPattern, "characters 3-12 should be a PAN: character 6 of the PAN ('X') should be a digit: a PAN is 5 letters, 4 digits, 1 letter"},
		{"27AAAXU0939F1ZV", ReasonHolder, "character 6 (X) should be a PAN holder type (P, C, H, F, A, T, B, L, J or G)"},
		{"27AAPFU0939F0ZV", ReasonEntity, "entity number (character 13) should be 1-9 or A-Z, not 0"},
		{"24ABCCR0123M1YZ", ReasonPattern, "character 14 should be Z (D for a tax deductor, C for an e-commerce operator), not Y"},
		{"0717UNO00157UXO", ReasonPattern, "characters 13-14 (UX) should be UN, OS or NR for this kind of GSTIN"},
		{"06DEL109652G1DA", ReasonPattern, "characters 3-12 of a tax deductor's GSTIN should be a TAN (4 letters, 5 digits, 1 letter)"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Parse(tt.in)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q) error = %v, want *Error", tt.in, err)
			}
			if e.Code != tt.wantCode || e.Reason != tt.wantReason {
				t.Errorf("Parse(%q) = %q (%s), want %q (%s)", tt.in, e.Reason, e.Code, tt.wantReason, tt.wantCode)
			}
			if e.Input != tt.in {
				t.Errorf("Input = %q, want %q", e.Input, tt.in)
			}
			if Valid(tt.in) {
				t.Errorf("Valid(%q) = true", tt.in)
			}
		})
	}
}

func TestParseKeepsGSTINOnCheckCharFailure(t *testing.T) {
	got, err := Parse("27AAPFU0939F1ZX")
	var e *Error
	if !errors.As(err, &e) || e.Code != ReasonCheckChar {
		t.Fatalf("err = %v, want check character error", err)
	}
	if got.Value != "27AAPFU0939F1ZX" || got.PAN != "AAPFU0939F" || got.StateName != "Maharashtra" {
		t.Errorf("got %+v, want the GSTIN filled in", got)
	}
}

func TestCheckChar(t *testing.T) {
	tests := []struct {
		in      string
		want    byte
		wantErr bool
	}{
		{"27AAPFU0939F1Z", 'V', false},
		{"0717UNO00157UN", 'O', false},
		{"9917SGP29001OS", 'T', false},
		{"06DELI09652G1D", 'A', false},
		{"29AABCF8078M1C", '8', false},
		{"27AAPFU0939F1", 0, true},
		{"27aapfu0939f1z", 0, true},
	}
	for _, tt := range tests {
		got, err := CheckChar(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("CheckChar(%q) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestMakeAndComplete(t *testing.T) {
	if got, want := Make("27", "AAPFU0939F", '1'), "27AAPFU0939F1ZV"; got != want {
		t.Errorf("Make = %q, want %q", got, want)
	}
	if got, want := Complete("06DELI09652G1D"), "06DELI09652G1DA"; got != want {
		t.Errorf("Complete = %q, want %q", got, want)
	}
	if got := Make("27", "AAPFU0939", '1'); Valid(got) {
		t.Errorf("Make with a short PAN gave a valid GSTIN %q", got)
	}
}

func TestStates(t *testing.T) {
	tests := []struct {
		code      string
		wantName  string
		wantValid bool
		wantOld   bool
	}{
		{"01", "Jammu and Kashmir", true, false},
		{"27", "Maharashtra", true, false},
		{"25", "Daman and Diu", true, true},
		{"28", "Andhra Pradesh (before division)", true, true},
		{"37", "Andhra Pradesh", true, false},
		{"38", "Ladakh", true, false},
		{"97", "Other Territory", true, false},
		{"99", "Centre Jurisdiction", true, false},
		{"96", "Other Countries", false, false},
		{"39", "", false, false},
		{"98", "", false, false},
		{"7", "", false, false},
	}
	for _, tt := range tests {
		if got := StateName(tt.code); got != tt.wantName {
			t.Errorf("StateName(%q) = %q, want %q", tt.code, got, tt.wantName)
		}
		if got := ValidStateCode(tt.code); got != tt.wantValid {
			t.Errorf("ValidStateCode(%q) = %v, want %v", tt.code, got, tt.wantValid)
		}
		if got := IsLegacyState(tt.code); got != tt.wantOld {
			t.Errorf("IsLegacyState(%q) = %v, want %v", tt.code, got, tt.wantOld)
		}
	}
	if got, want := len(States()), 40; got != want {
		t.Errorf("len(States()) = %d, want %d (01-38, 97, 99)", got, want)
	}
}

func TestParsePAN(t *testing.T) {
	tests := []struct {
		in         string
		want       PAN
		wantReason string
	}{
		{"aapfu0939f", PAN{Value: "AAPFU0939F", Holder: Firm, HolderLabel: "Firm / LLP"}, ""},
		{"ABKCS2033B", PAN{Value: "ABKCS2033B", Holder: Company, HolderLabel: "Company"}, ""},
		{"EIUPS5109E", PAN{Value: "EIUPS5109E", Holder: Individual, HolderLabel: "Individual"}, ""},
		{"AAAHA1234A", PAN{Value: "AAAHA1234A", Holder: HUF, HolderLabel: "Hindu Undivided Family"}, ""},
		{"AAAAA1234A", PAN{Value: "AAAAA1234A", Holder: AOP, HolderLabel: "Association of Persons"}, ""},
		{"AAATA1234A", PAN{Value: "AAATA1234A", Holder: Trust, HolderLabel: "Trust"}, ""},
		{"AAABA1234A", PAN{Value: "AAABA1234A", Holder: BOI, HolderLabel: "Body of Individuals"}, ""},
		{"AAALA1234A", PAN{Value: "AAALA1234A", Holder: LocalAuthority, HolderLabel: "Local Authority"}, ""},
		{"AAAJA1234A", PAN{Value: "AAAJA1234A", Holder: ArtificialJuridicalPerson, HolderLabel: "Artificial Juridical Person"}, ""},
		{"AAAGA1234A", PAN{Value: "AAAGA1234A", Holder: Government, HolderLabel: "Government"}, ""},
		{"", PAN{}, "PAN is empty"},
		{"AAPFU0939", PAN{}, "length is 9, a PAN has 10 characters"},
		{"AAPFU09391", PAN{}, "character 10 of the PAN ('1') should be a letter: a PAN is 5 letters, 4 digits, 1 letter"},
		{"AAAXU0939F", PAN{}, "4th character X of the PAN is not a holder type (P, C, H, F, A, T, B, L, J or G)"},
	}
	for _, tt := range tests {
		got, err := ParsePAN(tt.in)
		gotReason := ""
		if err != nil {
			gotReason = err.Error()
		}
		if got != tt.want || gotReason != tt.wantReason {
			t.Errorf("ParsePAN(%q) = %+v, %q; want %+v, %q", tt.in, got, gotReason, tt.want, tt.wantReason)
		}
	}
}

func TestMD5(t *testing.T) {
	// md5 of "27AAPFU0939F1ZV", computed independently.
	const want = "680c2ddfad8e376e17f50d1b6d530a3b"
	got := MD5("27AAPFU0939F1ZV")
	if len(got) != 32 || strings.ToLower(got) != got {
		t.Fatalf("MD5 = %q, want 32 lowercase hex", got)
	}
	if got != want {
		t.Errorf("MD5 = %q, want %q", got, want)
	}
	if MD5(" 27aapfu0939f1zv ") != got {
		t.Error("MD5 must hash the normalised, upper-case GSTIN")
	}
}

func TestToAPIError(t *testing.T) {
	_, err := Parse("41AAPFU0939F1ZV")
	got := ToAPIError(err)
	var a *apperr.Error
	if !errors.As(got, &a) {
		t.Fatalf("ToAPIError = %T, want *apperr.Error", got)
	}
	if a.Kind != apperr.Invalid || a.Status != 422 || a.Message != "Invalid GSTIN pattern: state code 41 does not exist" {
		t.Errorf("got %+v", a)
	}
	other := errors.New("x")
	if ToAPIError(other) != other {
		t.Error("ToAPIError must pass other errors through")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"27AAPFU0939F1ZV", "0717UNO00157UNO", "9917SGP29001OST", "06DELI09652G1DA", "29AABCF8078M1C8", "", "96AAPFU0939F1ZV", "27AAPFU0939F1Zé", "\x00\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Reason == "" {
				t.Fatalf("Parse(%q) error %v is not a *Error with a reason", s, err)
			}
			return
		}
		if len(g.Value) != 15 || g.StateName == "" || g.Family == "" {
			t.Fatalf("Parse(%q) = %+v: incomplete", s, g)
		}
		c, err := CheckChar(g.Value[:14])
		if err != nil || c != g.Value[14] {
			t.Fatalf("Parse(%q) accepted a wrong check character", s)
		}
		again, err := Parse(g.Value)
		if err != nil || again != g {
			t.Fatalf("Parse is not idempotent on %q", s)
		}
	})
}
