package backup

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/benbjohnson/litestream"
	lss3 "github.com/benbjohnson/litestream/s3"
	"github.com/superfly/ltx"
)

// ltxBlob is a file that starts with a valid LTX header (the client reads its time) followed by
// n random bytes.
func ltxBlob(t testing.TB, id uint64, at time.Time, n int) []byte {
	t.Helper()
	h, err := markerFile(id, at)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(id, uint64(n)))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return append(h[:ltx.HeaderSize:ltx.HeaderSize], b...)
}

func openS3(t testing.TB, tg Target) *s3Client {
	t.Helper()
	c, err := newS3Client(tg, goodKeys)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Init(context.Background()); err != nil {
		t.Fatal(err)
	}
	return c
}

func readAll(t testing.TB, c litestream.ReplicaClient, level int, id uint64, off, n int64) []byte {
	t.Helper()
	rc, err := c.OpenLTXFile(context.Background(), level, ltx.TXID(id), ltx.TXID(id), off, n)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func list(t testing.TB, c litestream.ReplicaClient, level int, meta bool) []*ltx.FileInfo {
	t.Helper()
	fs, err := litestream.FindLTXFiles(context.Background(), c, level, meta, func(*ltx.FileInfo) (bool, error) { return true, nil })
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

// TestS3ClientCompatible: what Litestream's own S3 client wrote, gstdesk's client lists and reads
// (names, sizes, the times in the metadata, ranges), and the other way round; so replicas made
// before the client changed stay readable.
func TestS3ClientCompatible(t *testing.T) {
	ctx := context.Background()
	endpoint := s3Server(t)
	at := time.Date(2026, 3, 31, 18, 30, 0, 123e6, time.UTC)
	for _, path := range []string{"gstdesk/office", "clients 2026/₹ books"} {
		tg := s3Target(endpoint, "books")
		tg.Path = path
		ours := openS3(t, tg)
		theirs := lss3.NewReplicaClient()
		theirs.Bucket, theirs.Path, theirs.Region, theirs.Endpoint, theirs.ForcePathStyle = "books", path, "us-east-1", endpoint, true
		theirs.AccessKeyID, theirs.SecretAccessKey = s3Access, s3Secret
		if err := theirs.Init(ctx); err != nil {
			t.Fatal(err)
		}
		for i, pair := range []struct {
			name        string
			write, read litestream.ReplicaClient
		}{{"litestream → gstdesk", theirs, ours}, {"gstdesk → litestream", ours, theirs}} {
			level := i + 1
			want := map[uint64][]byte{}
			for id := uint64(1); id <= 3; id++ {
				b := ltxBlob(t, id, at.Add(time.Duration(id)*time.Hour), 1000*int(id))
				want[id] = b
				info, err := pair.write.WriteLTXFile(ctx, level, ltx.TXID(id), ltx.TXID(id), bytes.NewReader(b))
				if err != nil {
					t.Fatalf("%s %q: write: %v", pair.name, path, err)
				}
				if info.Size != int64(len(b)) || !info.CreatedAt.Equal(at.Add(time.Duration(id)*time.Hour)) {
					t.Errorf("%s %q: write info = %+v", pair.name, path, info)
				}
			}
			fs := list(t, pair.read, level, true)
			if len(fs) != 3 {
				t.Fatalf("%s %q: listed %d files, want 3", pair.name, path, len(fs))
			}
			for i, f := range fs {
				id := uint64(i + 1)
				if f.Level != level || f.MinTXID != ltx.TXID(id) || f.Size != int64(len(want[id])) || !f.CreatedAt.Equal(at.Add(time.Duration(id)*time.Hour)) {
					t.Errorf("%s %q: file %d = %+v", pair.name, path, i, f)
				}
				if got := readAll(t, pair.read, level, id, 0, 0); !bytes.Equal(got, want[id]) {
					t.Errorf("%s %q: file %d reads back %d bytes, different", pair.name, path, id, len(got))
				}
				if got := readAll(t, pair.read, level, id, 10, 20); !bytes.Equal(got, want[id][10:30]) {
					t.Errorf("%s %q: range of file %d differs", pair.name, path, id)
				}
			}
			// Without metadata the times are the service's; the order and sizes are the same.
			if fs := list(t, pair.read, level, false); len(fs) != 3 || fs[2].Size != int64(len(want[3])) {
				t.Errorf("%s %q: fast listing = %v", pair.name, path, fs)
			}
			// Each deletes what the other wrote.
			if err := pair.read.DeleteLTXFiles(ctx, fs[:1]); err != nil {
				t.Fatal(err)
			}
			if fs := list(t, pair.write, level, false); len(fs) != 2 || fs[0].MinTXID != 2 {
				t.Errorf("%s %q: after deleting the first: %v", pair.name, path, fs)
			}
		}
		if err := ours.DeleteAll(ctx); err != nil {
			t.Fatal(err)
		}
		for level := 1; level <= 2; level++ {
			if fs := list(t, theirs, level, false); len(fs) != 0 {
				t.Errorf("%q: level %d after DeleteAll: %v", path, level, fs)
			}
		}
	}
}

// TestS3ClientLargeAndMissing: a file larger than a part goes up in parts from a reader that
// cannot seek (as a compaction's pipe) and reads back whole; a file that is not there is
// os.ErrNotExist; seek skips the earlier files. The target has no path: its files sit at the
// bucket's root, and DeleteAll removes them but nothing else there.
func TestS3ClientLargeAndMissing(t *testing.T) {
	ctx := context.Background()
	tg := s3Target(s3Server(t), "books")
	tg.Path = ""
	c := openS3(t, tg)
	c.partSize = 5 << 20 // S3's smallest part
	at := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	for _, n := range []int{5<<20 - ltx.HeaderSize, 11 << 20} { // exactly one part; three parts
		b := ltxBlob(t, uint64(n), at, n)
		info, err := c.WriteLTXFile(ctx, 9, ltx.TXID(n), ltx.TXID(n), io.MultiReader(bytes.NewReader(b)))
		if err != nil {
			t.Fatalf("%d bytes: %v", len(b), err)
		}
		if info.Size != int64(len(b)) {
			t.Errorf("%d bytes: size %d", len(b), info.Size)
		}
		if got := readAll(t, c, 9, uint64(n), 0, 0); !bytes.Equal(got, b) {
			t.Errorf("%d bytes: read back %d, different", len(b), len(got))
		}
	}
	if fs := list(t, c, 9, true); len(fs) != 2 || !fs[1].CreatedAt.Equal(at) {
		t.Errorf("listing = %v", fs)
	}
	itr, err := c.LTXFiles(ctx, 9, ltx.TXID(6<<20), false)
	if err != nil {
		t.Fatal(err)
	}
	var seen []ltx.TXID
	for itr.Next() {
		seen = append(seen, itr.Item().MinTXID)
	}
	if err := itr.Close(); err != nil || len(seen) != 1 || seen[0] != ltx.TXID(11<<20) {
		t.Errorf("from seek: %v (%v)", seen, err)
	}
	if _, err := c.OpenLTXFile(ctx, 9, 1, 1, 0, 0); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want os.ErrNotExist", err)
	}
	if resp, err := c.do(ctx, "write", http.MethodPut, "0009/notes.txt", nil, nil, []byte("mine")); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	if err := c.DeleteAll(ctx); err != nil {
		t.Fatal(err)
	}
	page, err := c.list(ctx, "", "")
	if err != nil || len(page.Contents) != 1 || page.Contents[0].Key != "0009/notes.txt" {
		t.Errorf("after DeleteAll the bucket holds %+v (%v), want only 0009/notes.txt", page, err)
	}
}

// TestS3ClientAnswers: against a fake service, a busy answer is tried again (without sleeping),
// a refusal is not, a completed multipart upload that reports an error in its 200 answer is an
// error (and the upload is aborted), and a delete that fails for a key says which.
func TestS3ClientAnswers(t *testing.T) {
	ctx := context.Background()
	var calls atomic.Int32
	var aborted atomic.Bool
	var mode atomic.Value
	mode.Store("")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 Credential="+s3Access+"/") {
			t.Errorf("unsigned request %s %s", r.Method, r.URL)
		}
		q := r.URL.Query()
		switch {
		case mode.Load() == "busy" && calls.Load() == 1:
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, `<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>`)
		case mode.Load() == "refuse":
			w.WriteHeader(http.StatusForbidden)
			io.WriteString(w, `<Error><Code>SignatureDoesNotMatch</Code><Message>no</Message></Error>`)
		case r.Method == http.MethodPost && q.Has("uploads"):
			io.WriteString(w, `<InitiateMultipartUploadResult><UploadId>u1</UploadId></InitiateMultipartUploadResult>`)
		case r.Method == http.MethodPut && q.Has("partNumber"):
			w.Header().Set("ETag", `"p`+q.Get("partNumber")+`"`)
		case r.Method == http.MethodPost && q.Has("uploadId"):
			io.WriteString(w, `<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>`)
		case r.Method == http.MethodDelete && q.Get("uploadId") == "u1":
			aborted.Store(true)
			w.WriteHeader(http.StatusNoContent)
		case r.Method == http.MethodPost && q.Has("delete"):
			if r.Header.Get("Content-MD5") == "" {
				t.Error("DeleteObjects without Content-MD5")
			}
			io.WriteString(w, `<DeleteResult><Error><Key>p/0001/0000000000000001-0000000000000001.ltx</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error></DeleteResult>`)
		case r.Method == http.MethodPut:
			w.Header().Set("ETag", `"e"`)
		}
	}))
	defer srv.Close()
	tg := s3Target(srv.URL, "books")
	tg.Path = "p"
	c, err := newS3Client(tg, goodKeys)
	if err != nil {
		t.Fatal(err)
	}
	var slept []time.Duration
	c.sleep = func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }
	small := ltxBlob(t, 1, time.Now(), 10)

	mode.Store("busy")
	if _, err := c.WriteLTXFile(ctx, 1, 1, 1, bytes.NewReader(small)); err != nil || calls.Load() != 2 || len(slept) != 1 {
		t.Errorf("busy once: %v after %d calls, %d waits", err, calls.Load(), len(slept))
	}

	calls.Store(0)
	mode.Store("refuse")
	_, err = c.WriteLTXFile(ctx, 1, 1, 1, bytes.NewReader(small))
	var api interface{ ErrorCode() string }
	if !errors.As(err, &api) || api.ErrorCode() != "SignatureDoesNotMatch" || calls.Load() != 1 {
		t.Errorf("refused: %v after %d calls", err, calls.Load())
	}
	if te := targetError(tg, "write to", err); !strings.Contains(te.Error(), "refused the access key") {
		t.Errorf("refused, as a person reads it: %v", te)
	}

	mode.Store("")
	c.partSize = 1 << 10
	big := ltxBlob(t, 2, time.Now(), 3000)
	if _, err := c.WriteLTXFile(ctx, 1, 2, 2, bytes.NewReader(big)); err == nil || !strings.Contains(err.Error(), "InternalError") || !aborted.Load() {
		t.Errorf("completion answered with an error: %v (aborted %v)", err, aborted.Load())
	}

	err = c.DeleteLTXFiles(ctx, []*ltx.FileInfo{{Level: 1, MinTXID: 1, MaxTXID: 1}})
	if err == nil || !strings.Contains(err.Error(), "0000000000000001-0000000000000001.ltx: AccessDenied") {
		t.Errorf("delete refused for a key: %v", err)
	}

	if _, err := c.WriteLTXFile(ctx, 1, 3, 3, strings.NewReader("not an LTX file")); err == nil {
		t.Error("a file without an LTX header was uploaded")
	}
}

// FuzzS3Answer: whatever a service answers, reading it as a listing, a delete result, an upload
// id or an error gives a value or an error, never a panic.
func FuzzS3Answer(f *testing.F) {
	for _, s := range []string{
		`<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><IsTruncated>true</IsTruncated><NextContinuationToken>t</NextContinuationToken><Contents><Key>p/0000/0000000000000001-0000000000000001.ltx</Key><LastModified>2026-03-31T18:30:00.000Z</LastModified><Size>100</Size></Contents></ListBucketResult>`,
		`<DeleteResult><Error><Key>k</Key><Code>AccessDenied</Code><Message>m</Message></Error></DeleteResult>`,
		`<InitiateMultipartUploadResult><UploadId>u</UploadId></InitiateMultipartUploadResult>`,
		`<Error><Code>NoSuchBucket</Code></Error>`,
		`<Contents><Size>-1</Size>`, "", "\x00",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		answer := func() *http.Response { return &http.Response{StatusCode: 200, Body: io.NopCloser(bytes.NewReader(b))} }
		var page s3ListPage
		if decodeS3(answer(), "read", "k", &page) == nil {
			for _, o := range page.Contents {
				ltx.ParseFilename(o.Key)
				time.Parse(time.RFC3339Nano, o.LastModified)
			}
		}
		var del s3DeleteResult
		if decodeS3(answer(), "delete from", "", &del) == nil {
			_ = del.err()
		}
		var init struct {
			UploadID string `xml:"UploadId"`
		}
		_ = decodeS3(answer(), "write", "k", &init)
	})
}
