package recon

import (
	"strings"
	"testing"
)

// Bills of entry and ISD documents are read from the columns accountants name them by; a row
// without a supplier GSTIN is a bill of entry when it has a bill of entry number, and is never
// left out without its file, row, column and why.
func TestReadRegisterBillsOfEntryAndISD(t *testing.T) {
	tests := []struct {
		name  string
		csv   string
		want  []Invoice
		warns []RowError // compared on File, Row, Column and a part of Expected
	}{
		{
			name: "bills of entry, friendly headers",
			csv: "Supplier GSTIN,Party Name,Invoice No,Invoice Date,Bill of entry no,BOE Date,Port Code,Assessable Value,IGST,Cess,Document Type\n" +
				",Maersk Line,,,2345678,05-07-2024,innsa1,\"1,000.00\",180,0,\n" +
				supA + ",SEZ unit,,,3456789,06/07/2024,INMAA1,2000,360,10,Bill of Entry\n" +
				",Customs,BE-99,07-07-2024,,,INNSA1,500,90,0,Import\n",
			want: []Invoice{
				{Source: Books, RowRef: "p.csv row 2", SupplierName: "Maersk Line", Number: "2345678", Date: "2024-07-05", PortCode: "INNSA1",
					DocType: DocBillOfEntry, Value: 118000, Taxable: 100000, IGST: 18000, Period: "2024-07"},
				{Source: Books, RowRef: "p.csv row 3", SupplierGSTIN: supA, SupplierName: "SEZ unit", Number: "3456789", Date: "2024-07-06", PortCode: "INMAA1",
					DocType: DocBillOfEntry, Value: 237000, Taxable: 200000, IGST: 36000, Cess: 1000, Period: "2024-07"},
				{Source: Books, RowRef: "p.csv row 4", SupplierName: "Customs", Number: "BE-99", Date: "2024-07-07", PortCode: "INNSA1",
					DocType: DocBillOfEntry, Value: 59000, Taxable: 50000, IGST: 9000, Period: "2024-07"},
			},
		},
		{
			name: "other spellings: BOE No., Bill of Entry Number, BE No",
			csv: "GSTIN,BE No,Bill of entry date,Port code,Taxable Value,IGST\n" +
				",7777777,2024-07-08,INDEL4,100,18\n" +
				",8888888,09-Jul-2024,,100,18\n",
			want: []Invoice{
				{Source: Books, RowRef: "p.csv row 2", Number: "7777777", Date: "2024-07-08", PortCode: "INDEL4", DocType: DocBillOfEntry,
					Value: 11800, Taxable: 10000, IGST: 1800, Period: "2024-07"},
				{Source: Books, RowRef: "p.csv row 3", Number: "8888888", Date: "2024-07-09", DocType: DocBillOfEntry,
					Value: 11800, Taxable: 10000, IGST: 1800, Period: "2024-07"},
			},
			warns: []RowError{{File: "p.csv", Row: 3, Column: "Port code", Expected: "no port code"}},
		},
		{
			name: "ISD documents, no supplier GSTIN or taxable value column",
			csv: "ISD GSTIN,Document No,Document Date,IGST,CGST,SGST,Cess,ITC Eligible,Document Type\n" +
				supB + ",ISD/1,01-07-2024,180,0,0,0,Y,ISD Invoice\n" +
				supB + ",ISD/CN/1,02-07-2024,90,0,0,0,Yes,ISD Credit Note\n" +
				supB + ",ISD/2,03-07-2024,360,0,0,0,Ineligible,\n" +
				supB + ",ISD/3,04-07-2024,-50,0,0,0,,\n",
			want: []Invoice{
				{Source: Books, RowRef: "p.csv row 2", SupplierGSTIN: supB, Number: "ISD/1", Date: "2024-07-01", DocType: DocISDInvoice, ITCEligible: "Y",
					Value: 18000, IGST: 18000, Period: "2024-07"},
				{Source: Books, RowRef: "p.csv row 3", SupplierGSTIN: supB, Number: "ISD/CN/1", Date: "2024-07-02", DocType: DocISDCreditNote, ITCEligible: "Y",
					Value: -9000, IGST: -9000, Period: "2024-07"},
				{Source: Books, RowRef: "p.csv row 4", SupplierGSTIN: supB, Number: "ISD/2", Date: "2024-07-03", DocType: DocISDInvoice, ITCEligible: "N",
					Value: 36000, IGST: 36000, Period: "2024-07"},
				{Source: Books, RowRef: "p.csv row 5", SupplierGSTIN: supB, Number: "ISD/3", Date: "2024-07-04", DocType: DocISDCreditNote,
					Value: -5000, IGST: -5000, Period: "2024-07"},
			},
		},
		{
			name: "a row with neither supplier GSTIN nor bill of entry number is named",
			csv: "Supplier GSTIN,Invoice No,Invoice Date,Bill of Entry Number,Port Code,Taxable Value,IGST\n" +
				supA + ",INV-1,01-07-2024,,,100,18\n" +
				",INV-2,02-07-2024,,,100,18\n",
			want: []Invoice{
				{Source: Books, RowRef: "p.csv row 2", SupplierGSTIN: supA, Number: "INV-1", Date: "2024-07-01", DocType: DocInvoice,
					Value: 11800, Taxable: 10000, IGST: 1800, Period: "2024-07"},
			},
			warns: []RowError{{File: "p.csv", Row: 3, Column: "Supplier GSTIN", Expected: "no supplier GSTIN, no ISD GSTIN and no bill of entry number"}},
		},
		{
			name: "an eligibility column on invoices is named once",
			csv: "Supplier GSTIN,Invoice No,Invoice Date,Taxable Value,IGST,ITC Eligibility\n" +
				supA + ",INV-1,01-07-2024,100,18,Eligible\n" +
				supA + ",INV-2,02-07-2024,100,18,Ineligible\n",
			want: []Invoice{
				{Source: Books, RowRef: "p.csv row 2", SupplierGSTIN: supA, Number: "INV-1", Date: "2024-07-01", DocType: DocInvoice,
					Value: 11800, Taxable: 10000, IGST: 1800, Period: "2024-07"},
				{Source: Books, RowRef: "p.csv row 3", SupplierGSTIN: supA, Number: "INV-2", Date: "2024-07-02", DocType: DocInvoice,
					Value: 11800, Taxable: 10000, IGST: 1800, Period: "2024-07"},
			},
			warns: []RowError{{File: "p.csv", Row: 2, Column: "ITC Eligibility", Expected: "read for ISD documents only"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs, err := ReadRegister(strings.NewReader(tt.csv), "p.csv", "", nil)
			if err != nil {
				t.Fatalf("err = %v (%v)", err, errs)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d invoices, want %d: %+v", len(got), len(tt.want), got)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("invoice %d:\n got %+v\nwant %+v", i, got[i], tt.want[i])
				}
			}
			if len(errs) != len(tt.warns) {
				t.Fatalf("warnings = %v, want %d", errs, len(tt.warns))
			}
			for i, w := range tt.warns {
				g := errs[i]
				if !g.Warning || g.File != w.File || g.Row != w.Row || g.Column != w.Column || !strings.Contains(g.Expected, w.Expected) {
					t.Errorf("warning %d = %+v, want %+v", i, g, w)
				}
			}
		})
	}
}

func TestParseDocTypeAccountantsWords(t *testing.T) {
	for in, want := range map[string]DocType{
		"Bill of Entry": DocBillOfEntry, "BOE": DocBillOfEntry, "Import": DocBillOfEntry, "Imports": DocBillOfEntry, "IMPG": DocBillOfEntry,
		"impgsez": DocBillOfEntry, "B/E": DocBillOfEntry,
		"ISD Invoice": DocISDInvoice, "ISD": DocISDInvoice, "ISDI": DocISDInvoice,
		"ISD Credit Note": DocISDCreditNote, "ISDC": DocISDCreditNote, "isd cn": DocISDCreditNote,
		"Invoice": DocInvoice, "Credit Note": DocCreditNote, "Debit Note": DocDebitNote,
	} {
		if got, ok := ParseDocType(in); !ok || got != want {
			t.Errorf("ParseDocType(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := ParseDocType("refund"); ok {
		t.Error("refund read as a document type")
	}
}

// Each friendly header maps to its field without asking.
func TestSuggestMappingBillOfEntryHeaders(t *testing.T) {
	for h, want := range map[string]string{
		"Bill of entry no": FieldBOENumber, "BOE No.": FieldBOENumber, "Bill of Entry Number": FieldBOENumber, "BE No": FieldBOENumber,
		"Port code": FieldPortCode, "Port Code": FieldPortCode, "BOE Date": FieldBOEDate, "Bill of entry date": FieldBOEDate,
		"ISD GSTIN": FieldISDGSTIN, "GSTIN of ISD": FieldISDGSTIN, "ITC Eligibility": FieldITCEligible,
	} {
		m := SuggestMapping([]string{"Supplier GSTIN", "Invoice No", h})
		if m[want] != h {
			t.Errorf("header %q: mapping %v, want it as %s", h, m, want)
		}
	}
}

func TestMissingFields(t *testing.T) {
	tests := []struct {
		m    Mapping
		want string
	}{
		{Mapping{}, "Supplier GSTIN, Invoice number, Invoice date, Taxable value"},
		{Mapping{FieldSupplierGSTIN: "g", FieldInvoiceNumber: "n", FieldInvoiceDate: "d", FieldTaxableValue: "t"}, ""},
		{Mapping{FieldBOENumber: "b", FieldBOEDate: "bd", FieldTaxableValue: "t"}, ""},    // bills of entry only
		{Mapping{FieldISDGSTIN: "i", FieldInvoiceNumber: "n", FieldInvoiceDate: "d"}, ""}, // ISD documents only
		{Mapping{FieldBOENumber: "b", FieldTaxableValue: "t"}, "Invoice date"},            // no date at all
		{Mapping{FieldISDGSTIN: "i", FieldInvoiceDate: "d"}, "Invoice number"},
	}
	for _, tt := range tests {
		if got := strings.Join(MissingFields(tt.m), ", "); got != tt.want {
			t.Errorf("MissingFields(%v) = %q, want %q", tt.m, got, tt.want)
		}
	}
}
