package recon

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
)

// Registers keeps imported purchase registers in the data folder under their SHA-256, so a run
// can be repeated; one that no stored run uses is removed a week after its import.
type Registers struct {
	Dir string  // the folder, recon-registers/ in the data folder
	DB  *sql.DB // where the runs that use a register are stored
}

// Keep stores a register's bytes in the data folder under its digest and returns the token.
func (s Registers) Keep(name string, data []byte, now time.Time) (string, error) {
	sum := sha256.Sum256(data)
	tok := hex.EncodeToString(sum[:])
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not keep the register in the data folder")
	}
	path := filepath.Join(s.Dir, tok+"-"+SafeName(name))
	if _, err := os.Stat(path); err == nil {
		return tok, nil
	}
	if err := export.WriteFileAtomic(path, 0o600, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not keep the register in the data folder")
	}
	s.Prune(context.Background(), now)
	return tok, nil
}

// registerKeepDays is how long a register imported but never run stays in the data folder.
const registerKeepDays = 7

// Prune deletes kept registers that no stored run uses (in any workspace) and that were
// imported more than registerKeepDays ago. Clean-up is best effort: a failure leaves the files.
func (s Registers) Prune(ctx context.Context, now time.Time) {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return
	}
	used := map[string]bool{}
	rows, err := s.DB.QueryContext(ctx, `SELECT DISTINCT register_sha256 FROM recon_runs`)
	if err != nil {
		return
	}
	for rows.Next() {
		var tok string
		if rows.Scan(&tok) == nil {
			used[tok] = true
		}
	}
	rows.Close()
	if rows.Err() != nil {
		return
	}
	for _, e := range entries {
		tok, _, ok := strings.Cut(e.Name(), "-")
		if !ok || e.IsDir() || used[tok] {
			continue
		}
		if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > registerKeepDays*24*time.Hour {
			os.Remove(filepath.Join(s.Dir, e.Name()))
		}
	}
}

// SafeName is a file name fit to keep in the data folder: no folders, no separators.
func SafeName(name string) string {
	name = filepath.Base(name)
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < ' ' {
			return '-'
		}
		return r
	}, name)
}

// Get returns a kept register's name and bytes by token.
func (s Registers) Get(token string) (string, []byte, error) {
	if len(token) != 64 || strings.Trim(token, "0123456789abcdef") != "" {
		return "", nil, apperr.New(apperr.Invalid, "That register import is not known: import the register again.")
	}
	matches, _ := filepath.Glob(filepath.Join(s.Dir, token+"-*"))
	if len(matches) == 0 {
		return "", nil, apperr.New(apperr.NotFound, "The register of that import is no longer in the data folder: import it again.")
	}
	data, err := os.ReadFile(matches[0])
	if err != nil {
		return "", nil, apperr.Wrap(apperr.Internal, err, "could not read the kept register")
	}
	return strings.TrimPrefix(filepath.Base(matches[0]), token+"-"), data, nil
}
