package backup

// The S3 target's replica client: Litestream's ReplicaClient over net/http, signed with the AWS
// SDK's standalone SigV4 signer (github.com/aws/aws-sdk-go-v2/aws/signer/v4). Litestream's own
// S3 client (github.com/benbjohnson/litestream/s3) brings the whole AWS SDK (the S3 service's
// endpoint rules, STS, SSO, the shared-config loader): 8.9 MB of the 36.8 MB production binary,
// where this file and the signer take about 0.1 MB (docs/BINARY-SIZE.md).
//
// The objects are the ones Litestream's client writes, so a replica written by either is read by
// the other (TestS3ClientCompatible): <path>/<level as %04x>/<min>-<max>.ltx, each carrying its
// LTX header's time in the metadata entry litestream-timestamp. Calls used: PUT, GET (with a
// range), HEAD, ListObjectsV2, DeleteObjects and, for a file larger than a part, the multipart
// upload.

import (
	"bytes"
	"context"
	"crypto/md5"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/smithy-go"
	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"
)

const (
	s3ClientType       = "s3"                   // as Litestream's client names itself
	s3MetaTimestamp    = "litestream-timestamp" // the metadata entry Litestream's client writes
	s3DefaultRegion    = "us-east-1"            // what an S3-compatible service is signed for without a region
	s3MaxKeys          = 1000                   // keys per DeleteObjects request (S3's limit)
	s3PartSize         = 8 << 20                // a file up to this size is one PUT; larger ones go in parts of it
	s3HeadConcurrency  = 8                      // HEAD requests at once when the exact times are asked for
	s3Attempts         = 3                      // tries of one request when the network or the server fails
	s3ErrorBodyLimit   = 64 << 10               // how much of an error answer is read
	s3ListBodyLimit    = 16 << 20               // how much of a listing page is read
	s3EmptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
)

var _ litestream.ReplicaClient = (*s3Client)(nil)

// s3Client is the replica client of one S3 target.
type s3Client struct {
	bucket    string
	prefix    string   // the target's path: keys are prefix + "/" + level + "/" + file, as Litestream's
	region    string   // what requests are signed for
	base      *url.URL // scheme, host and any base path of the service
	pathStyle bool     // /bucket/key (S3-compatible services) rather than bucket.host/key (AWS)
	creds     aws.Credentials
	signer    *v4.Signer
	hc        *http.Client
	partSize  int
	sleep     func(context.Context, time.Duration) error

	mu     sync.Mutex
	logger *slog.Logger
}

// newS3Client is the client for an S3 target: AWS when the target names no endpoint (virtual-host
// style, path style for a bucket name with dots), else the endpoint, path style.
func newS3Client(t Target, s Secrets) (*s3Client, error) {
	c := &s3Client{
		bucket:   t.Bucket,
		prefix:   t.Path,
		region:   t.Region,
		creds:    aws.Credentials{AccessKeyID: s.AccessKeyID, SecretAccessKey: s.SecretAccessKey, Source: "gstdesk"},
		signer:   v4.NewSigner(func(o *v4.SignerOptions) { o.DisableURIPathEscaping = true }),
		partSize: s3PartSize,
		sleep:    sleepCtx,
		logger:   slogDiscard,
	}
	if t.Endpoint == "" {
		if t.Region == "" {
			return nil, fmt.Errorf("s3: a bucket on AWS needs its region")
		}
		c.base = &url.URL{Scheme: "https", Host: "s3." + t.Region + ".amazonaws.com"}
		c.pathStyle = strings.Contains(t.Bucket, ".")
	} else {
		endpoint := t.Endpoint
		if !strings.Contains(endpoint, "://") {
			endpoint = "https://" + endpoint
		}
		u, err := url.Parse(endpoint)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("s3: the endpoint %q is not a web address", t.Endpoint)
		}
		c.base = &url.URL{Scheme: u.Scheme, Host: u.Host, Path: strings.TrimRight(u.Path, "/")}
		c.pathStyle = true
		if c.region == "" {
			c.region = s3DefaultRegion
		}
	}
	c.hc = &http.Client{Transport: &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          16,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 2 * time.Minute,
		ExpectContinueTimeout: time.Second,
	}}
	return c, nil
}

func (c *s3Client) Type() string { return s3ClientType }

// Init checks the configuration; like Litestream's client it makes no request (the first
// listing or upload shows whether the service answers).
func (c *s3Client) Init(ctx context.Context) error {
	if c.bucket == "" {
		return fmt.Errorf("s3: bucket name is required")
	}
	return nil
}

func (c *s3Client) SetLogger(l *slog.Logger) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.logger = l.With("type", s3ClientType)
}

func (c *s3Client) log() *slog.Logger {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.logger
}

// key is where Litestream's client keeps a file: <path>/<level>/<file>.
func (c *s3Client) key(level int, minTXID, maxTXID ltx.TXID) string {
	return c.levelPrefix(level) + ltx.FormatFilename(minTXID, maxTXID)
}

// levelPrefix is the folder of a level's files. Without a path it is "<level>/" at the bucket's
// root, where Litestream's client writes "/<level>/": a key with a leading slash, which
// S3-compatible services (versitygw, MinIO) store without it and then never list under that
// prefix.
func (c *s3Client) levelPrefix(level int) string {
	p := fmt.Sprintf("%04x/", level)
	if c.prefix == "" {
		return p
	}
	return c.prefix + "/" + p
}

// LTXFiles lists one level's files in key order (the order of their TXIDs), from seek on. With
// useMetadata each file's time is the one written in its metadata (a HEAD per file), else the
// object's last-modified time.
func (c *s3Client) LTXFiles(ctx context.Context, level int, seek ltx.TXID, useMetadata bool) (ltx.FileIterator, error) {
	if err := c.Init(ctx); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	return &s3Iterator{c: c, ctx: ctx, cancel: cancel, level: level, seek: seek, useMetadata: useMetadata,
		prefix: c.levelPrefix(level)}, nil
}

// OpenLTXFile reads a file from offset (size bytes; 0: to its end). A missing file is
// os.ErrNotExist.
func (c *s3Client) OpenLTXFile(ctx context.Context, level int, minTXID, maxTXID ltx.TXID, offset, size int64) (io.ReadCloser, error) {
	if err := c.Init(ctx); err != nil {
		return nil, err
	}
	key := c.key(level, minTXID, maxTXID)
	h := http.Header{}
	switch {
	case size > 0:
		h.Set("Range", fmt.Sprintf("bytes=%d-%d", offset, offset+size-1))
	case offset > 0:
		h.Set("Range", fmt.Sprintf("bytes=%d-", offset))
	}
	resp, err := c.do(ctx, "read", http.MethodGet, key, nil, h, nil)
	if err != nil {
		if isS3NotFound(err) {
			return nil, os.ErrNotExist
		}
		return nil, err
	}
	return resp.Body, nil
}

// WriteLTXFile uploads a file: one PUT up to the part size, else a multipart upload holding one
// part in memory at a time. The file's time (from its LTX header) goes in its metadata.
func (c *s3Client) WriteLTXFile(ctx context.Context, level int, minTXID, maxTXID ltx.TXID, r io.Reader) (*ltx.FileInfo, error) {
	if err := c.Init(ctx); err != nil {
		return nil, err
	}
	key := c.key(level, minTXID, maxTXID)
	var buf bytes.Buffer
	full, err := readPart(&buf, r, c.partSize)
	if err != nil {
		return nil, fmt.Errorf("s3: read %s: %w", key, err)
	}
	hdr, _, err := ltx.PeekHeader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		return nil, fmt.Errorf("extract timestamp from LTX header: %w", err)
	}
	at := time.UnixMilli(hdr.Timestamp).UTC()
	meta := http.Header{}
	meta.Set("X-Amz-Meta-"+s3MetaTimestamp, at.Format(time.RFC3339Nano))

	var size int64
	if !full {
		resp, err := c.do(ctx, "write", http.MethodPut, key, nil, meta, buf.Bytes())
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		if resp.Header.Get("ETag") == "" {
			return nil, fmt.Errorf("s3: upload of %s failed: no ETag returned", key)
		}
		size = int64(buf.Len())
	} else if size, err = c.upload(ctx, key, meta, &buf, r); err != nil {
		return nil, err
	}
	return &ltx.FileInfo{Level: level, MinTXID: minTXID, MaxTXID: maxTXID, Size: size, CreatedAt: at}, nil
}

// readPart reads up to n bytes of r into buf (emptied first); full reports that n were read, so
// more may follow.
func readPart(buf *bytes.Buffer, r io.Reader, n int) (full bool, err error) {
	buf.Reset()
	m, err := io.CopyN(buf, r, int64(n))
	if errors.Is(err, io.EOF) {
		return false, nil
	}
	return err == nil && m == int64(n), err
}

// upload sends a file of more than one part: first (already read) and the rest of r.
func (c *s3Client) upload(ctx context.Context, key string, meta http.Header, first *bytes.Buffer, r io.Reader) (int64, error) {
	resp, err := c.do(ctx, "write", http.MethodPost, key, url.Values{"uploads": {""}}, meta, nil)
	if err != nil {
		return 0, err
	}
	var init struct {
		UploadID string `xml:"UploadId"`
	}
	err = decodeS3(resp, "write", key, &init)
	if err == nil && init.UploadID == "" {
		err = fmt.Errorf("s3: upload of %s: the service gave no upload id", key)
	}
	if err != nil {
		return 0, err
	}
	id := init.UploadID
	abort := func(cause error) (int64, error) {
		// Best effort, even when ctx is done: an unfinished upload keeps its parts (and costs).
		actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		if resp, err := c.do(actx, "write", http.MethodDelete, key, url.Values{"uploadId": {id}}, nil, nil); err == nil {
			resp.Body.Close()
		}
		return 0, cause
	}
	type part struct {
		Number int    `xml:"PartNumber"`
		ETag   string `xml:"ETag"`
	}
	var parts []part
	var size int64
	for buf, more := first, true; buf.Len() > 0; {
		n := len(parts) + 1
		q := url.Values{"partNumber": {strconv.Itoa(n)}, "uploadId": {id}}
		resp, err := c.do(ctx, "write", http.MethodPut, key, q, nil, buf.Bytes())
		if err != nil {
			return abort(err)
		}
		resp.Body.Close()
		etag := resp.Header.Get("ETag")
		if etag == "" {
			return abort(fmt.Errorf("s3: upload of %s, part %d: no ETag returned", key, n))
		}
		parts = append(parts, part{n, etag})
		size += int64(buf.Len())
		if !more {
			break
		}
		if more, err = readPart(buf, r, c.partSize); err != nil {
			return abort(fmt.Errorf("s3: read %s: %w", key, err))
		}
	}
	body, err := xml.Marshal(struct {
		XMLName xml.Name `xml:"CompleteMultipartUpload"`
		Parts   []part   `xml:"Part"`
	}{Parts: parts})
	if err != nil {
		return abort(err)
	}
	resp, err = c.do(ctx, "write", http.MethodPost, key, url.Values{"uploadId": {id}}, nil, body)
	if err != nil {
		return abort(err)
	}
	// S3 may answer 200 and still report an error in the body.
	var done struct {
		XMLName xml.Name
		Code    string `xml:"Code"`
		Message string `xml:"Message"`
	}
	if err := decodeS3(resp, "write", key, &done); err != nil {
		return abort(err)
	}
	if done.XMLName.Local == "Error" {
		return abort(&s3Error{Op: "write", Key: key, Status: resp.StatusCode, Code: done.Code, Message: done.Message})
	}
	return size, nil
}

// DeleteLTXFiles deletes files, a thousand per request.
func (c *s3Client) DeleteLTXFiles(ctx context.Context, a []*ltx.FileInfo) error {
	if err := c.Init(ctx); err != nil {
		return err
	}
	keys := make([]string, 0, len(a))
	for _, f := range a {
		keys = append(keys, c.key(f.Level, f.MinTXID, f.MaxTXID))
	}
	return c.deleteKeys(ctx, keys)
}

// DeleteAll deletes every Litestream file under the target's path (<level>/<file>.ltx); other
// objects there stay.
func (c *s3Client) DeleteAll(ctx context.Context) error {
	if err := c.Init(ctx); err != nil {
		return err
	}
	root := c.levelPrefix(0)[:len(c.levelPrefix(0))-len("0000/")]
	var keys []string
	for token := ""; ; {
		page, err := c.list(ctx, root, token)
		if err != nil {
			return err
		}
		for _, o := range page.Contents {
			level, file, ok := strings.Cut(strings.TrimPrefix(o.Key, root), "/")
			if _, err := strconv.ParseUint(level, 16, 16); err != nil || !ok || len(level) != 4 {
				continue
			}
			if _, _, err := ltx.ParseFilename(file); err == nil {
				keys = append(keys, o.Key)
			}
		}
		if !page.IsTruncated || page.NextContinuationToken == "" {
			break
		}
		token = page.NextContinuationToken
	}
	return c.deleteKeys(ctx, keys)
}

func (c *s3Client) deleteKeys(ctx context.Context, keys []string) error {
	type object struct {
		Key string `xml:"Key"`
	}
	for len(keys) > 0 {
		n := min(len(keys), s3MaxKeys)
		req := struct {
			XMLName xml.Name `xml:"Delete"`
			Quiet   bool     `xml:"Quiet"`
			Objects []object `xml:"Object"`
		}{Quiet: true}
		for _, k := range keys[:n] {
			req.Objects = append(req.Objects, object{k})
		}
		body, err := xml.Marshal(req)
		if err != nil {
			return err
		}
		sum := md5.Sum(body)
		h := http.Header{}
		h.Set("Content-MD5", base64.StdEncoding.EncodeToString(sum[:]))
		h.Set("Content-Type", "application/xml")
		resp, err := c.do(ctx, "delete from", http.MethodPost, "", url.Values{"delete": {""}}, h, body)
		if err != nil {
			return err
		}
		var out s3DeleteResult
		if err := decodeS3(resp, "delete from", "", &out); err != nil {
			return err
		}
		if err := out.err(); err != nil {
			return err
		}
		keys = keys[n:]
	}
	return nil
}

// s3DeleteResult is DeleteObjects' answer (quiet: only the failures).
type s3DeleteResult struct {
	Errors []struct {
		Key     string `xml:"Key"`
		Code    string `xml:"Code"`
		Message string `xml:"Message"`
	} `xml:"Error"`
}

func (r s3DeleteResult) err() error {
	if len(r.Errors) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("failed to delete files:")
	for _, e := range r.Errors {
		fmt.Fprintf(&b, "\n%s: %s %s", e.Key, e.Code, e.Message)
	}
	return errors.New(b.String())
}

// s3ListPage is one page of ListObjectsV2.
type s3ListPage struct {
	IsTruncated           bool   `xml:"IsTruncated"`
	NextContinuationToken string `xml:"NextContinuationToken"`
	Contents              []struct {
		Key          string `xml:"Key"`
		LastModified string `xml:"LastModified"`
		Size         int64  `xml:"Size"`
	} `xml:"Contents"`
}

func (c *s3Client) list(ctx context.Context, prefix, token string) (*s3ListPage, error) {
	q := url.Values{"list-type": {"2"}, "prefix": {prefix}}
	if token != "" {
		q.Set("continuation-token", token)
	}
	resp, err := c.do(ctx, "read", http.MethodGet, "", q, nil, nil)
	if err != nil {
		return nil, err
	}
	var page s3ListPage
	if err := decodeS3(resp, "read", prefix, &page); err != nil {
		return nil, err
	}
	return &page, nil
}

// headTimes reads the litestream-timestamp metadata of keys, s3HeadConcurrency at a time; a key
// without it (or gone) is left out, and its listing time stands.
func (c *s3Client) headTimes(ctx context.Context, keys []string) (map[string]time.Time, error) {
	out := make(map[string]time.Time, len(keys))
	var mu sync.Mutex
	var wg sync.WaitGroup
	var first error
	sem := make(chan struct{}, s3HeadConcurrency)
	for _, k := range keys {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return nil, ctx.Err()
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			resp, err := c.do(ctx, "read", http.MethodHead, k, nil, nil, nil)
			if err != nil {
				if ctx.Err() != nil || !isS3NotFound(err) {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
				return
			}
			resp.Body.Close()
			if at, err := time.Parse(time.RFC3339Nano, resp.Header.Get("X-Amz-Meta-"+s3MetaTimestamp)); err == nil {
				mu.Lock()
				out[k] = at
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return out, first
}

// s3Iterator walks one level's listing page by page.
type s3Iterator struct {
	c           *s3Client
	ctx         context.Context
	cancel      context.CancelFunc
	level       int
	seek        ltx.TXID
	useMetadata bool
	prefix      string

	page   *s3ListPage
	times  map[string]time.Time
	i      int
	token  string
	last   bool // the page held is the listing's last
	info   *ltx.FileInfo
	err    error
	closed bool
}

func (it *s3Iterator) Next() bool {
	if it.closed || it.err != nil {
		return false
	}
	for {
		if it.page == nil || it.i >= len(it.page.Contents) {
			if it.last {
				return false
			}
			page, err := it.c.list(it.ctx, it.prefix, it.token)
			if err != nil {
				it.err = err
				return false
			}
			it.page, it.i, it.times = page, 0, nil
			it.token, it.last = page.NextContinuationToken, !page.IsTruncated || page.NextContinuationToken == ""
			if it.useMetadata && len(page.Contents) > 0 {
				keys := make([]string, len(page.Contents))
				for i, o := range page.Contents {
					keys[i] = o.Key
				}
				if it.times, err = it.c.headTimes(it.ctx, keys); err != nil {
					it.err = err
					return false
				}
			}
			continue
		}
		o := it.page.Contents[it.i]
		it.i++
		minTXID, maxTXID, err := ltx.ParseFilename(path.Base(o.Key))
		if err != nil || minTXID < it.seek {
			continue // not an LTX file, or before seek
		}
		at, ok := it.times[o.Key]
		if !ok {
			at, _ = time.Parse(time.RFC3339Nano, o.LastModified)
			at = at.UTC()
		}
		it.info = &ltx.FileInfo{Level: it.level, MinTXID: minTXID, MaxTXID: maxTXID, Size: o.Size, CreatedAt: at}
		return true
	}
}

func (it *s3Iterator) Item() *ltx.FileInfo { return it.info }
func (it *s3Iterator) Err() error          { return it.err }
func (it *s3Iterator) Close() error {
	it.closed = true
	it.cancel()
	return it.err
}

// s3Error is an error answer from the service. It is a smithy.APIError, as the AWS SDK's are,
// so targetError tells a refused key or a missing bucket from the rest by its code.
type s3Error struct {
	Op, Key string
	Status  int
	Code    string
	Message string
}

func (e *s3Error) Error() string {
	msg := fmt.Sprintf("s3: %s %s: status %d", e.Op, e.Key, e.Status)
	if e.Code != "" {
		msg += ", " + e.Code
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}
func (e *s3Error) ErrorCode() string {
	if e.Code == "" {
		return http.StatusText(e.Status)
	}
	return e.Code
}
func (e *s3Error) ErrorMessage() string { return e.Message }
func (e *s3Error) ErrorFault() smithy.ErrorFault {
	if e.Status >= 500 {
		return smithy.FaultServer
	}
	return smithy.FaultClient
}
func (e *s3Error) HTTPStatusCode() int { return e.Status }

var _ smithy.APIError = (*s3Error)(nil)

func isS3NotFound(err error) bool {
	var e *s3Error
	return errors.As(err, &e) && (e.Code == "NoSuchKey" || (e.Status == http.StatusNotFound && e.Code == ""))
}

// retryable: worth sending again (the service is busy or failed, or the network dropped).
func (e *s3Error) retryable() bool {
	switch e.Status {
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout, http.StatusTooManyRequests:
		return true
	}
	return e.Code == "SlowDown" || e.Code == "RequestTimeout" || e.Code == "InternalError"
}

// do sends one signed request (key "" is the bucket itself) and returns the answer when its
// status is 2xx, else an *s3Error. A failure of the network or a busy service is tried again,
// s3Attempts times in all.
func (c *s3Client) do(ctx context.Context, op, method, key string, q url.Values, h http.Header, body []byte) (*http.Response, error) {
	hash := s3EmptyPayloadHash
	if len(body) > 0 {
		sum := sha256.Sum256(body)
		hash = hex.EncodeToString(sum[:])
	}
	var err error
	for attempt := 0; attempt < s3Attempts; attempt++ {
		if attempt > 0 {
			if serr := c.sleep(ctx, time.Duration(250<<attempt)*time.Millisecond); serr != nil {
				return nil, err
			}
		}
		var resp *http.Response
		resp, err = c.send(ctx, method, key, q, h, body, hash)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			continue // the network: try again
		}
		if resp.StatusCode/100 == 2 {
			return resp, nil
		}
		e := &s3Error{Op: op, Key: key, Status: resp.StatusCode}
		if method != http.MethodHead {
			var doc struct {
				Code    string `xml:"Code"`
				Message string `xml:"Message"`
			}
			if xml.NewDecoder(io.LimitReader(resp.Body, s3ErrorBodyLimit)).Decode(&doc) == nil {
				e.Code, e.Message = doc.Code, oneLine(doc.Message)
			}
		}
		resp.Body.Close()
		err = e
		if !e.retryable() {
			return nil, err
		}
	}
	return nil, err
}

func (c *s3Client) send(ctx context.Context, method, key string, q url.Values, h http.Header, body []byte, hash string) (*http.Response, error) {
	u := *c.base
	p := c.base.Path
	if c.pathStyle {
		p += "/" + c.bucket
	} else {
		u.Host = c.bucket + "." + u.Host
	}
	if key != "" || !c.pathStyle {
		p += "/"
	}
	u.Path, u.RawPath = p+key, s3Escape(p+key)
	u.RawQuery = s3Query(q)
	req, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if len(body) == 0 {
		req.Body, req.GetBody, req.ContentLength = http.NoBody, nil, 0
	}
	for k, v := range h {
		req.Header[k] = v
	}
	req.Header.Set("X-Amz-Content-Sha256", hash)
	req.Header.Set("User-Agent", "gstdesk-backup")
	if err := c.signer.SignHTTP(ctx, c.creds, req, hash, "s3", c.region, time.Now()); err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// decodeS3 reads an XML answer into v and closes it.
func decodeS3(resp *http.Response, op, key string, v any) error {
	defer resp.Body.Close()
	if err := xml.NewDecoder(io.LimitReader(resp.Body, s3ListBodyLimit)).Decode(v); err != nil {
		return fmt.Errorf("s3: %s %s: the answer is not the XML S3 sends: %w", op, key, err)
	}
	return nil
}

// s3Escape is a path as SigV4 signs it for S3: every byte but the unreserved ones and '/'
// percent-encoded.
func s3Escape(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		ch := p[i]
		if ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || strings.IndexByte("-_.~/", ch) >= 0 {
			b.WriteByte(ch)
		} else {
			fmt.Fprintf(&b, "%%%02X", ch)
		}
	}
	return b.String()
}

// s3Query is a query string in SigV4's canonical form (sorted, spaces as %20).
func s3Query(q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		for _, v := range q[k] {
			parts = append(parts, s3Escape2(k)+"="+s3Escape2(v))
		}
	}
	return strings.Join(parts, "&")
}

// s3Escape2 is s3Escape for a query value ('/' encoded too).
func s3Escape2(s string) string { return strings.ReplaceAll(s3Escape(s), "/", "%2F") }

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
