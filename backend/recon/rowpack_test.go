package recon

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"
)

func TestPackRowRoundTrip(t *testing.T) {
	tests := []string{``, `{}`, `{"status":"exact","rule":"Same supplier GSTIN and invoice number"}`, string(bytes.Repeat([]byte(`{"a":"₹1,00,000"}`), 200))}
	var scratch []byte
	for _, j := range tests {
		var packed []byte
		packed, scratch = packRow(nil, scratch, []byte(j))
		got, err := UnpackRow(packed)
		if err != nil || string(got) != j {
			t.Errorf("%q packs and reads back as %q, %v", j, got, err)
		}
	}
	// A row stored before rows were packed is its JSON as it is.
	if got, err := UnpackRow([]byte(`{"status":"exact"}`)); err != nil || string(got) != `{"status":"exact"}` {
		t.Errorf("plain JSON reads %q, %v", got, err)
	}
	// A damaged packed row is an error that says so, not a panic or a wrong row.
	if _, err := UnpackRow([]byte(packedPrefix + "\xff\xff\xff")); err == nil {
		t.Error("a damaged row read without error")
	}
}

// FuzzUnpackRow: whatever a row's stored bytes are, reading them never panics, and a packed row
// reads back as the JSON packed.
func FuzzUnpackRow(f *testing.F) {
	f.Add([]byte(`{"status":"exact"}`))
	f.Add([]byte(packedPrefix + "\x05\x10hello"))
	packed, _ := packRow(nil, nil, []byte(`{"status":"missing_in_2a","books":{"igst":18.00}}`))
	f.Add(packed)
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = UnpackRow(b)
		p, _ := packRow(nil, nil, b)
		got, err := UnpackRow(p)
		if err != nil || !bytes.Equal(got, b) {
			t.Fatalf("%q packs and reads back as %q, %v", b, got, err)
		}
	})
}

// The dictionary rows are packed against is part of the stored format (rowpack.go): a change would
// make every run saved with it unreadable.
func TestRowDictionaryUnchanged(t *testing.T) {
	const want = "c77ab58d934f9a758f45cdf17d0e7395d4a1a4da00aeb517b1335731e3392436"
	if got := fmt.Sprintf("%x", sha256.Sum256(rowDictText)); got != want {
		t.Fatalf("rowdict.txt has changed (sha256 %s): rows packed with it could no longer be read. Restore it; a new dictionary takes a new file and prefix.", got)
	}
	if rowDict == nil {
		t.Fatal("the dictionary does not load")
	}
}
