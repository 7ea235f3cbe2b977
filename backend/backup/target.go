// Package backup keeps copies of gstdesk's database on backup targets (a folder, S3-compatible
// object storage, an SFTP server) with Litestream (github.com/benbjohnson/litestream, used as a
// library): continuous replication of every committed transaction, restore points, restore of
// the latest or of a point in time into a new data folder, verification of a replica, retention
// per target, and the guard that keeps two desks from writing one replica.
//
// The first target is the one Litestream replicates to (it keeps one replica per database); every
// other target is a mirror of it, file by file, so a failing mirror never holds back the first.
package backup

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/file"
	"github.com/benbjohnson/litestream/sftp"
	"github.com/superfly/ltx"

	"gstdesk/backend/apperr"
	"gstdesk/backend/config"
)

// The kinds of target.
const (
	KindFolder = "folder" // a folder: a NAS share, a synced drive, a USB disk
	KindS3     = "s3"     // S3-compatible object storage: AWS S3, MinIO, Backblaze B2, Wasabi, Cloudflare R2
	KindSFTP   = "sftp"   // a folder on an SFTP server
)

// DefaultRetentionDays is how many days of restore points a new target keeps.
const DefaultRetentionDays = 7

// Target is one place backups go. It holds no secret: an S3 target's access key and secret and
// an SFTP target's password live in the keychain (Secrets), filed under the target's id.
type Target struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Kind string `json:"kind"`
	// Path is the folder (folder), the key prefix in the bucket (s3) or the remote folder (sftp).
	Path string `json:"path"`
	// S3: the endpoint (empty for AWS), bucket and region.
	Endpoint string `json:"endpoint,omitempty"`
	Bucket   string `json:"bucket,omitempty"`
	Region   string `json:"region,omitempty"`
	// SFTP: host, port (0: 22), user, private key file and the server's public host key
	// (authorized_keys format; empty trusts any host key, which the target's description says).
	Host    string `json:"host,omitempty"`
	Port    int    `json:"port,omitempty"`
	User    string `json:"user,omitempty"`
	KeyFile string `json:"key_file,omitempty"`
	HostKey string `json:"host_key,omitempty"`
	// RetentionDays is how many days of restore points the target keeps.
	RetentionDays int `json:"retention_days"`

	// liveDir is the data folder the target backs up, set when the targets are read from it
	// (Targets) or given to a Replicator (New): every use checks the folder again against it
	// (CheckPlace), since a link on the way may have been changed since the target was added.
	liveDir string
}

// Secrets are a target's credentials, kept in the keychain.
type Secrets struct {
	AccessKeyID     string // s3
	SecretAccessKey string // s3
	Password        string // sftp (optional with a key file)
}

// The environment variables that carry a target's secrets for one run where there is no keychain
// (a headless box, a script); a secret in the keychain for the target wins.
const (
	EnvS3AccessKeyID     = "GSTDESK_BACKUP_S3_ACCESS_KEY_ID"
	EnvS3SecretAccessKey = "GSTDESK_BACKUP_S3_SECRET_ACCESS_KEY"
	EnvSFTPPassword      = "GSTDESK_BACKUP_SFTP_PASSWORD"
)

func secretOwner(id string) string { return "backup:" + id }

// SaveSecrets stores a target's secrets in the keychain (the empty ones are left alone).
func SaveSecrets(v config.Vault, t Target, s Secrets) error {
	owner := secretOwner(t.ID)
	for _, kv := range []struct{ what, value, env string }{
		{"access_key_id", s.AccessKeyID, EnvS3AccessKeyID},
		{"secret_access_key", s.SecretAccessKey, EnvS3SecretAccessKey},
		{"sftp_password", s.Password, EnvSFTPPassword},
	} {
		if kv.value == "" {
			continue
		}
		if err := v.SaveSecret(owner, kv.what, kv.value, kv.env); err != nil {
			return err
		}
	}
	return nil
}

// LoadSecrets reads a target's secrets: the keychain's, else the environment's.
func LoadSecrets(v config.Vault, t Target) Secrets {
	owner := secretOwner(t.ID)
	var s Secrets
	s.AccessKeyID, _ = v.LoadSecret(owner, "access_key_id", EnvS3AccessKeyID)
	s.SecretAccessKey, _ = v.LoadSecret(owner, "secret_access_key", EnvS3SecretAccessKey)
	s.Password, _ = v.LoadSecret(owner, "sftp_password", EnvSFTPPassword)
	for _, secret := range []string{s.SecretAccessKey, s.Password} {
		apperr.RememberSecret(secret) // hidden from every message, whatever a server echoes back
	}
	return s
}

// DeleteSecrets removes a target's secrets from the keychain.
func DeleteSecrets(v config.Vault, t Target) error {
	var whats []string
	switch t.Kind {
	case KindS3:
		whats = []string{"access_key_id", "secret_access_key"}
	case KindSFTP:
		whats = []string{"sftp_password"}
	}
	for _, what := range whats { // a folder target keeps no secret: nothing to ask the keychain
		if err := v.DeleteSecret(secretOwner(t.ID), what); err != nil {
			return err
		}
	}
	return nil
}

// Normalize trims what a person typed and fills the defaults.
func (t *Target) Normalize() {
	for _, p := range []*string{&t.Name, &t.Kind, &t.Path, &t.Endpoint, &t.Bucket, &t.Region, &t.Host, &t.User, &t.KeyFile, &t.HostKey} {
		*p = strings.TrimSpace(*p)
	}
	t.Kind = strings.ToLower(t.Kind)
	t.Endpoint = strings.TrimRight(t.Endpoint, "/")
	switch t.Kind {
	case KindS3:
		t.Path = strings.Trim(t.Path, "/")
	case KindSFTP:
		// "/srv/backups" is that folder on the server; "backups" is one under the user's home
		// folder: the leading slash is kept, the trailing one dropped.
		if p := strings.TrimRight(t.Path, "/"); p != "" || t.Path == "" {
			t.Path = p
		}
		if t.Path == "" {
			t.Path = "."
		}
	}
	if t.Kind == KindFolder && t.Path != "" {
		if abs, err := filepath.Abs(t.Path); err == nil {
			t.Path = abs
		}
	}
	if t.RetentionDays == 0 {
		t.RetentionDays = DefaultRetentionDays
	}
	if t.Name == "" {
		t.Name = t.defaultName()
	}
}

func (t Target) defaultName() string {
	switch t.Kind {
	case KindFolder:
		return filepath.Base(t.Path)
	case KindS3:
		return t.Bucket
	case KindSFTP:
		return t.Host
	}
	return t.Kind
}

// Validate checks a target as a person described it (after Normalize); dataDir is the live data
// folder, which a folder target must be outside of.
func (t Target) Validate(dataDir string) error {
	if t.Name == "" || len(t.Name) > 60 || strings.ContainsAny(t.Name, "\r\n\t") {
		return apperr.New(apperr.Invalid, "A backup target needs a name of 1 to 60 characters on one line.")
	}
	if t.RetentionDays < 1 || t.RetentionDays > 3650 {
		return apperr.New(apperr.Invalid, "Target %q: keep restore points for 1 to 3650 days, not %d.", t.Name, t.RetentionDays)
	}
	switch t.Kind {
	case KindFolder:
		if t.Path == "" {
			return apperr.New(apperr.Invalid, "Target %q: give the folder backups go to (a NAS share, a synced drive, a USB disk).", t.Name)
		}
		if dataDir != "" && within(t.Path, dataDir) {
			return apperr.New(apperr.Invalid, "Target %q: the folder %s is inside the data folder %s; a backup must live elsewhere (another disk, a NAS share).", t.Name, t.Path, dataDir)
		}
	case KindS3:
		if t.Bucket == "" {
			return apperr.New(apperr.Invalid, "Target %q: give the bucket name.", t.Name)
		}
		if strings.ContainsAny(t.Bucket, "/ ") {
			return apperr.New(apperr.Invalid, "Target %q: the bucket %q must be a bucket name only; put folders in the path.", t.Name, t.Bucket)
		}
		if t.Endpoint != "" {
			u, err := url.Parse(t.Endpoint)
			if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
				return apperr.New(apperr.Invalid, "Target %q: the endpoint %q is not a web address such as https://s3.eu-central-003.backblazeb2.com.", t.Name, t.Endpoint)
			}
			if u.Scheme == "http" && !isLoopback(u.Hostname()) {
				return apperr.New(apperr.Invalid, "Target %q: the endpoint %q must use https: plain http is only allowed for this computer (localhost, 127.0.0.1).", t.Name, t.Endpoint)
			}
		} else if t.Region == "" {
			return apperr.New(apperr.Invalid, "Target %q: give the region of the bucket (for AWS S3), or the endpoint of another S3-compatible service.", t.Name)
		}
	case KindSFTP:
		if t.Host == "" || t.User == "" {
			return apperr.New(apperr.Invalid, "Target %q: give the SFTP host and user.", t.Name)
		}
		if strings.ContainsAny(t.Host, "/ @") {
			return apperr.New(apperr.Invalid, "Target %q: the host %q must be a host name or address only; give the user and the port separately.", t.Name, t.Host)
		}
		if t.Port < 0 || t.Port > 65535 {
			return apperr.New(apperr.Invalid, "Target %q: the port must be between 1 and 65535.", t.Name)
		}
	default:
		return apperr.New(apperr.Invalid, "A backup target is a folder, s3 or sftp, not %q.", t.Kind)
	}
	return nil
}

// CheckPlace is Validate's check of where a folder target is, run again at every use (sync,
// replication, status, verify, points, restore): the folder, its symbolic links followed as they
// are now, must not be the live data folder or inside it. A link swapped after the
// target was added would otherwise have Litestream write the replica inside the data it backs up.
func (t Target) CheckPlace() error {
	if t.Kind != KindFolder || t.liveDir == "" || t.Path == "" {
		return nil
	}
	if within(t.Path, t.liveDir) {
		return apperr.New(apperr.Invalid, "Backup target %q (%s) now leads to %s, which is the data folder %s or inside it (a link on the way has changed since the target was added): a backup there is lost with the data. Nothing was written to it. Point %s back at a folder on another disk, or remove the target (gstdesk backup target remove %q) and add one elsewhere.", t.Name, t.Path, resolved(t.Path), resolved(t.liveDir), t.Path, t.Name)
	}
	return nil
}

// WithLiveDir is t checked against the data folder dir at every use (see CheckPlace).
func (t Target) WithLiveDir(dir string) Target {
	t.liveDir = dir
	return t
}

// within reports whether path is dir or inside it, once symbolic links in either are followed:
// a folder reached through a link into the data folder is inside it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(resolved(dir), resolved(path))
	return err == nil && (rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))))
}

// resolved is p made absolute with its symbolic links followed, as far as it exists: a folder
// not made yet is its nearest existing parent, resolved, with the rest joined back.
func resolved(p string) string {
	p, err := filepath.Abs(filepath.Clean(p))
	if err != nil {
		return filepath.Clean(p)
	}
	rest := ""
	for cur := p; ; {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return p
		}
		rest = filepath.Join(filepath.Base(cur), rest)
		cur = parent
	}
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Where describes the target for a person: the folder, s3://bucket/path at the endpoint, or
// sftp://user@host:port/path.
func (t Target) Where() string {
	switch t.Kind {
	case KindFolder:
		return t.Path
	case KindS3:
		s := "s3://" + t.Bucket + "/" + t.Path
		if t.Endpoint != "" {
			s += " at " + t.Endpoint
		}
		return s
	case KindSFTP:
		return "sftp://" + t.User + "@" + t.hostPort() + "/" + strings.TrimPrefix(t.Path, "/")
	}
	return t.Kind
}

func (t Target) hostPort() string {
	port := t.Port
	if port == 0 {
		port = 22
	}
	return net.JoinHostPort(t.Host, strconv.Itoa(port))
}

// client is the Litestream replica client of a target.
func (t Target) client(s Secrets) (litestream.ReplicaClient, error) {
	switch t.Kind {
	case KindFolder:
		return &folderClient{ReplicaClient: file.NewReplicaClient(t.Path), t: t}, nil
	case KindS3:
		if s.AccessKeyID == "" || s.SecretAccessKey == "" {
			return nil, apperr.New(apperr.Unauthorised, "Backup target %q (%s) has no access key: save it in Settings → Backup, or set %s and %s.", t.Name, t.Where(), EnvS3AccessKeyID, EnvS3SecretAccessKey)
		}
		return newS3Client(t, s) // s3client.go: path style at an endpoint, us-east-1 there without a region
	case KindSFTP:
		c := sftp.NewReplicaClient()
		c.Host, c.User, c.Path, c.KeyPath, c.HostKey = t.hostPort(), t.User, t.Path, t.KeyFile, t.HostKey
		c.Password = s.Password
		if c.Password == "" && c.KeyPath == "" {
			return nil, apperr.New(apperr.Unauthorised, "Backup target %q (%s) has neither a password nor a key file: give one in Settings → Backup, or set %s.", t.Name, t.Where(), EnvSFTPPassword)
		}
		return c, nil
	}
	return nil, fmt.Errorf("backup: unknown target kind %q", t.Kind)
}

// Open returns the target's replica client, initialised (connected, for S3 and SFTP).
func (t Target) Open(ctx context.Context, s Secrets) (litestream.ReplicaClient, error) {
	if err := t.present(); err != nil {
		return nil, err
	}
	c, err := t.client(s)
	if err != nil {
		return nil, err
	}
	c.SetLogger(slogDiscard)
	if err := c.Init(ctx); err != nil {
		return nil, targetError(t, "connect to", err)
	}
	return c, nil
}

// present checks that a folder target's folder is there. Litestream would make a missing folder;
// a missing folder is usually a USB disk or a network share that is not connected, and the backup
// must not land on this disk instead (nor a mirror be emptied to match a first target that is not
// there). Other kinds are always present: their client finds out when it connects.
func (t Target) present() error {
	if t.Kind != KindFolder {
		return nil
	}
	if err := t.CheckPlace(); err != nil {
		return err
	}
	fi, err := os.Stat(t.Path)
	if err == nil && !fi.IsDir() {
		err = fmt.Errorf("%s is not a folder", t.Path)
	}
	if err != nil {
		return apperr.Wrap(apperr.Unavailable, err, "Backup target %q (%s) is not there: is the disk or network share connected?", t.Name, t.Where())
	}
	return nil
}

// folderClient is Litestream's folder client with its writes made inside the target's folder as
// it is when the write starts (os.Root): Litestream's own makes every folder on the way to an LTX
// file, so a USB disk pulled out (or a network share dropped) while replicating would have the
// replica go on, silently, on this disk under the folder the disk was mounted at. Opening the
// folder first and making everything below it through that handle means a folder that is not
// there is an error, and a folder that goes away during the write is never made again here.
type folderClient struct {
	*file.ReplicaClient
	t Target
}

func (c *folderClient) WriteLTXFile(ctx context.Context, level int, minTXID, maxTXID ltx.TXID, r io.Reader) (*ltx.FileInfo, error) {
	root, err := os.OpenRoot(c.t.Path)
	if err != nil {
		if perr := c.t.present(); perr != nil {
			return nil, perr
		}
		return nil, err
	}
	defer root.Close()
	// The LTX header's time stamps the file, as Litestream's client does.
	var head bytes.Buffer
	hdr, _, err := ltx.PeekHeader(io.TeeReader(r, &head))
	if err != nil {
		return nil, fmt.Errorf("extract timestamp from LTX header: %w", err)
	}
	stamp := time.UnixMilli(hdr.Timestamp).UTC()
	name, err := filepath.Rel(c.Path(), c.LTXFilePath(level, minTXID, maxTXID))
	if err != nil {
		return nil, err
	}
	if err := root.MkdirAll(filepath.Dir(name), 0o700); err != nil {
		return nil, err
	}
	tmp := name + ".tmp"
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, err
	}
	size, err := io.Copy(f, io.MultiReader(&head, r))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		_ = root.Remove(tmp)
		return nil, err
	}
	if d, err := root.Open(filepath.Dir(name)); err == nil {
		_ = d.Sync()
		d.Close()
	}
	if err := root.Chtimes(name, stamp, stamp); err != nil {
		return nil, err
	}
	return &ltx.FileInfo{Level: level, MinTXID: minTXID, MaxTXID: maxTXID, Size: size, CreatedAt: stamp}, nil
}

// Client is an open connection to a target (Litestream's replica client).
type Client = litestream.ReplicaClient
