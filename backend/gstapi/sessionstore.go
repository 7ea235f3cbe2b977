package gstapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gstdesk/backend/apperr"

	"github.com/zalando/go-keyring"
)

// KeyringService is the service name under which sessions are kept in the OS keychain.
const KeyringService = "gstdesk"

// ErrNoSession is returned by SessionStore.Load when no session is kept under the key.
var ErrNoSession = errors.New("gstapi: no taxpayer session stored")

// SessionStore keeps taxpayer sessions outside the database, one per key (see SessionKey).
type SessionStore interface {
	// Load returns the session kept under key, or ErrNoSession.
	Load(key string) (*TaxpayerSession, error)
	// Save keeps s under key, replacing any earlier one.
	Save(key string, s *TaxpayerSession) error
	// Delete forgets the session under key; deleting a missing one is not an error.
	Delete(key string) error
}

// SessionKey is the key of a taxpayer's session in a workspace.
func SessionKey(workspace, gstinValue string) string {
	return "taxpayer-session:" + workspace + ":" + strings.ToUpper(strings.TrimSpace(gstinValue))
}

// KeyringStore keeps sessions in the OS keychain (Keychain, Credential Manager, Secret Service).
type KeyringStore struct {
	// Service is the keychain service name; "" means KeyringService.
	Service string
}

func (k KeyringStore) service() string {
	if k.Service == "" {
		return KeyringService
	}
	return k.Service
}

// Load returns the session kept under key.
func (k KeyringStore) Load(key string) (*TaxpayerSession, error) {
	v, err := keyring.Get(k.service(), key)
	if errors.Is(err, keyring.ErrNotFound) {
		return nil, ErrNoSession
	}
	if err != nil {
		return nil, fmt.Errorf("gstapi: keychain: %w", err)
	}
	return decodeSession(v)
}

// Save keeps s under key as JSON.
func (k KeyringStore) Save(key string, s *TaxpayerSession) error {
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("gstapi: keychain: %w", err)
	}
	if err := keyring.Set(k.service(), key, string(b)); err != nil {
		return fmt.Errorf("gstapi: keychain: %w", err)
	}
	return nil
}

// Delete forgets the session under key.
func (k KeyringStore) Delete(key string) error {
	if err := keyring.Delete(k.service(), key); err != nil && !errors.Is(err, keyring.ErrNotFound) {
		return fmt.Errorf("gstapi: keychain: %w", err)
	}
	return nil
}

// FileStore keeps sessions as JSON files readable only by the user (mode 0600) in Dir, for
// systems without a usable keychain.
type FileStore struct {
	Dir string
}

func (f FileStore) path(key string) string {
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, key)
	return filepath.Join(f.Dir, name+".json")
}

// Load returns the session kept under key.
func (f FileStore) Load(key string) (*TaxpayerSession, error) {
	b, err := os.ReadFile(f.path(key))
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNoSession
	}
	if err != nil {
		return nil, fmt.Errorf("gstapi: session file: %w", err)
	}
	return decodeSession(string(b))
}

// Save writes s under key with mode 0600, replacing the file atomically.
func (f FileStore) Save(key string, s *TaxpayerSession) error {
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return fmt.Errorf("gstapi: session file: %w", err)
	}
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("gstapi: session file: %w", err)
	}
	tmp, err := os.CreateTemp(f.Dir, ".session-*")
	if err != nil {
		return fmt.Errorf("gstapi: session file: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("gstapi: session file: %w", err)
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("gstapi: session file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("gstapi: session file: %w", err)
	}
	if err := os.Rename(tmp.Name(), f.path(key)); err != nil {
		return fmt.Errorf("gstapi: session file: %w", err)
	}
	return nil
}

// Delete removes the session file of key.
func (f FileStore) Delete(key string) error {
	if err := os.Remove(f.path(key)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("gstapi: session file: %w", err)
	}
	return nil
}

func decodeSession(v string) (*TaxpayerSession, error) {
	var s TaxpayerSession
	if err := json.Unmarshal([]byte(v), &s); err != nil {
		return nil, fmt.Errorf("gstapi: stored session is damaged: %w", err)
	}
	apperr.RememberSecret(s.Token)
	return &s, nil
}

// OpenSessionStore returns the keychain store when the OS keychain works, else a FileStore in
// dir with a warning to show the user.
func OpenSessionStore(dir string) (SessionStore, string) {
	const probe = "gstdesk-keychain-probe"
	_, err := keyring.Get(KeyringService, probe)
	if err == nil || errors.Is(err, keyring.ErrNotFound) {
		return KeyringStore{}, ""
	}
	// The cause (a missing D-Bus, a locked keychain) is the system's text, not words for the user.
	return FileStore{Dir: dir}, fmt.Sprintf("This computer's keychain is not available, so GST portal sign-ins are kept in a file only you can read, in %s.", dir)
}
