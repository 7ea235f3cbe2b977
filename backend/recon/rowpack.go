package recon

import (
	"bytes"
	_ "embed"
	"fmt"

	"github.com/klauspost/compress/s2"
)

// A run's rows are kept compressed: each row's JSON (as appendRowData writes it) is stored in
// recon_rows.data as packedPrefix followed by the JSON compressed with S2 against a fixed
// dictionary of typical rows (rowdict.txt: one row of each kind, of a run against 2A and of a
// three-way run). A row of a 100,000-row three-way run is about 1.3 KB of JSON, 0.7 KB compressed
// alone and a few hundred bytes against the dictionary; the pages a save writes are what it spends
// most of its time on (backend/gstr2b/BENCHMARKS.md). Rows saved before were stored as plain JSON
// text and are read as they are: JSON never starts with a NUL.
//
// The dictionary is part of the stored format: rows packed with it can be read only with it, so
// rowdict.txt is never edited (TestRowDictionaryUnchanged). A better dictionary would be a new
// file with a new prefix, the old one kept for reading.
const packedPrefix = "\x00r1"

//go:embed rowdict.txt
var rowDictText []byte

var rowDict = s2.MakeDict(rowDictText, []byte(`{"status":"`))

// packRow appends the stored form of a row's JSON to dst, using scratch for the compression, and
// returns both (scratch grown as needed, for the next row).
func packRow(dst, scratch, jsonRow []byte) (out, scratchOut []byte) {
	if n := s2.MaxEncodedLen(len(jsonRow)); cap(scratch) < n {
		scratch = make([]byte, n)
	}
	enc := rowDict.Encode(scratch[:cap(scratch)], jsonRow)
	dst = append(dst, packedPrefix...)
	return append(dst, enc...), scratch
}

// UnpackRow returns a stored row's JSON: the packed form decompressed, plain JSON as it is.
func UnpackRow(stored []byte) ([]byte, error) {
	if !bytes.HasPrefix(stored, []byte(packedPrefix)) {
		return stored, nil
	}
	b, err := rowDict.Decode(nil, stored[len(packedPrefix):])
	if err != nil {
		return nil, fmt.Errorf("recon: a stored row is damaged: %w", err)
	}
	return b, nil
}
