package config

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

func TestValidateBaseURL(t *testing.T) {
	tests := []struct {
		url string
		ok  bool
	}{
		{"", true},
		{"https://gst.example.in", true},
		{"https://gst.example.in:8443/api", true},
		{"http://127.0.0.1:8089", true},
		{"http://localhost:8089", true},
		{"http://[::1]:8089", true},
		{"http://gst.example.in", false},
		{"ftp://gst.example.in", false},
		{"gst.example.in", false},
		{"https://user:pw@gst.example.in", false},
		{"https://gst.example.in/?x=1", false},
	}
	for _, tt := range tests {
		err := ValidateBaseURL(tt.url)
		if (err == nil) != tt.ok {
			t.Errorf("ValidateBaseURL(%q) = %v, want ok=%v", tt.url, err, tt.ok)
		}
		if err != nil && apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("ValidateBaseURL(%q) kind = %s", tt.url, apperr.KindOf(err))
		}
	}
}

func TestEffectiveBaseURL(t *testing.T) {
	tests := []struct {
		s    Settings
		want string
	}{
		{Settings{Environment: "production"}, ProductionURL},
		{Settings{Environment: "test"}, TestURL},
		{Settings{Environment: "demo"}, "http://127.0.0.1:5555"},
		{Settings{Environment: "test", BaseURL: "https://gw.example.in/"}, "https://gw.example.in"},
	}
	for _, tt := range tests {
		if got := tt.s.EffectiveBaseURL("http://127.0.0.1:5555"); got != tt.want {
			t.Errorf("%+v: got %q, want %q", tt.s, got, tt.want)
		}
	}
}

func TestSettingsRoundTrip(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ws, _ := db.CurrentWorkspace(ctx)
	s := Defaults("test")
	s.BaseURL = "https://gw.example.in/"
	s.CacheDays = 3
	s.AmountTolerance = 2.5
	ws, err = Save(ctx, db, ws, s)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Load(ctx, db, ws)
	if err != nil {
		t.Fatal(err)
	}
	if got.Environment != "test" || got.BaseURL != "https://gw.example.in" || got.CacheDays != 3 || got.AmountTolerance != 2.5 || got.DateWindowDays != 10 {
		t.Errorf("loaded %+v", got)
	}
	bad := got
	bad.BaseURL = "http://gw.example.in"
	if _, err := Save(ctx, db, ws, bad); err == nil {
		t.Error("saving a plain-http remote URL succeeded")
	}
	bad = got
	bad.CacheDays = -1
	if _, err := Save(ctx, db, ws, bad); err == nil {
		t.Error("saving a negative cache age succeeded")
	}
}

func TestVaultKeychain(t *testing.T) {
	keyring.MockInit()
	v := Vault{Getenv: func(string) string { return "" }}
	if st := v.Status("test"); st.Source != SourceNone || !st.KeychainAvailable {
		t.Fatalf("empty status = %+v", st)
	}
	c := Credentials{APIKey: "key_test_abcdef123456", APISecret: "secret_xyz_987"}
	if err := v.Save("test", c); err != nil {
		t.Fatal(err)
	}
	got, src := v.Load("test")
	if got != c || src != SourceKeychain {
		t.Errorf("Load = %v %s", got, src)
	}
	st := v.Status("test")
	if st.Source != SourceKeychain || strings.Contains(st.MaskedKey, "abcdef123456") || st.MaskedKey == "" {
		t.Errorf("status = %+v: want keychain with a masked key", st)
	}
	if _, src := v.Load("production"); src != SourceNone {
		t.Errorf("production credentials = %s, want none: environments are kept apart", src)
	}
	if s := fmt.Sprint(c); strings.Contains(s, c.APISecret) || strings.Contains(s, "abcdef123456") {
		t.Errorf("%%v of credentials leaks them: %s", s)
	}
	if err := v.Delete("test"); err != nil {
		t.Fatal(err)
	}
	if _, src := v.Load("test"); src != SourceNone {
		t.Errorf("after delete source = %s", src)
	}
}

func TestVaultWrongEnvironmentKey(t *testing.T) {
	keyring.MockInit()
	v := Vault{}
	if err := v.Save("production", Credentials{APIKey: "key_test_abcdef123456", APISecret: "s"}); err == nil || apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("saving a test key for production: %v", err)
	}
	if err := v.Save("test", Credentials{APIKey: "key_test_x"}); err == nil {
		t.Error("saving without a secret succeeded")
	}
}

func TestVaultNoKeychainFallsBackToEnvironment(t *testing.T) {
	keyring.MockInitWithError(errors.New("dbus: no Secret Service"))
	env := map[string]string{"GSTDESK_API_KEY": "key_test_fromenv0001", "GSTDESK_API_SECRET": "envsecret"}
	v := Vault{Getenv: func(k string) string { return env[k] }}
	if v.KeychainAvailable() {
		t.Fatal("keychain reported available")
	}
	err := v.Save("test", Credentials{APIKey: "key_test_abcdef123456", APISecret: "s"})
	if err == nil || !strings.Contains(err.Error(), "GSTDESK_API_KEY") {
		t.Errorf("Save without keychain = %v, want advice to use the environment", err)
	}
	c, src := v.Load("test")
	if src != SourceEnvironment || c.APIKey != env["GSTDESK_API_KEY"] {
		t.Errorf("Load = %v %s", c, src)
	}
	if st := v.Status("test"); st.Source != SourceEnvironment || st.KeychainAvailable {
		t.Errorf("status = %+v", st)
	}
}

// TestNoSecretInSQLite saves credentials and settings as the Settings screen does and then
// searches every byte of the data directory for the key and the secret.
func TestNoSecretInSQLite(t *testing.T) {
	keyring.MockInit()
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	ws, _ := db.CurrentWorkspace(ctx)
	c := Credentials{APIKey: "key_test_SUPERSECRETKEY42", APISecret: "SECRETSAUCE-9f8e7d"}
	if err := (Vault{}).Save("test", c); err != nil {
		t.Fatal(err)
	}
	s := Defaults("test")
	if _, err := Save(ctx, db, ws, s); err != nil {
		t.Fatal(err)
	}
	db.Close()
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		for _, secret := range []string{c.APIKey, c.APISecret, "SUPERSECRETKEY42"} {
			if bytes.Contains(b, []byte(secret)) {
				t.Errorf("%s contains a secret", filepath.Base(p))
			}
		}
		return nil
	})
}
