package sheet

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMemRead reads every row of the file named by GSTDESK_MEM_READ with the default limits, for
// measuring the peak memory from outside (testdata/BENCHMARKS.md has the commands);
// GSTDESK_MEM_GEN=dir first writes there a zip bomb (bomb.xlsx: under 1 MB, its sheet unpacks to
// 900 MB; bomb-lying.xlsx, the same declaring 1 MB) and a sparse 500 MB file (huge.xlsx).
// Skipped otherwise.
func TestMemRead(t *testing.T) {
	if dir := os.Getenv("GSTDESK_MEM_GEN"); dir != "" {
		writeBomb(t, filepath.Join(dir, "bomb.xlsx"), 900<<20, 0)
		writeBomb(t, filepath.Join(dir, "bomb-lying.xlsx"), 900<<20, 1<<20)
		huge := filepath.Join(dir, "huge.xlsx")
		os.WriteFile(huge, nil, 0o644)
		if err := os.Truncate(huge, 500<<20); err != nil {
			t.Fatal(err)
		}
		return
	}
	path := os.Getenv("GSTDESK_MEM_READ")
	if path == "" {
		t.Skip("set GSTDESK_MEM_READ (and GSTDESK_MEM_GEN) to measure")
	}
	t.Logf("%s: %v", filepath.Base(path), readFileErr(path))
}

func readFileErr(path string) error {
	f, err := OpenFile(path, Options{})
	if err != nil {
		return err
	}
	defer f.Close()
	n := 0
	for _, sh := range f.Sheets() {
		for _, err := range f.Rows(sh) {
			if err != nil {
				return err
			}
			n++
		}
	}
	return nil
}

// writeBomb writes a workbook whose one sheet is size bytes of identical rows, deflated as hard as
// it goes; with lie, the zip declares that size instead.
func writeBomb(t *testing.T, path string, size int, lie uint64) {
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	zw := zip.NewWriter(out)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestCompression) })
	for _, p := range []part{{"[Content_Types].xml", ctXML, 0}, {"_rels/.rels", rootRel, 0}, {"xl/workbook.xml", wbXML, 0}, {"xl/_rels/workbook.xml.rels", relsXML, 0}} {
		w, _ := zw.Create(p.name)
		io.WriteString(w, p.body)
	}
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, flate.BestCompression)
	crc := crc32.NewIEEE()
	w := io.MultiWriter(fw, crc)
	head := `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	io.WriteString(w, head)
	row := `<row>` + strings.Repeat(`<c><v>0</v></c>`, 66) + `</row>`
	chunk := strings.Repeat(row, 1000)
	for n := len(head); n < size; n += len(chunk) {
		io.WriteString(w, chunk)
	}
	io.WriteString(w, `</sheetData></worksheet>`)
	fw.Close()
	declared := uint64(size) // near enough for the honest bomb: its size is over the limit either way
	if lie != 0 {
		declared = lie
	}
	zf, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate, CRC32: crc.Sum32(),
		CompressedSize64: uint64(comp.Len()), UncompressedSize64: declared})
	if err != nil {
		t.Fatal(err)
	}
	zf.Write(comp.Bytes())
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}
