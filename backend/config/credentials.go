package config

import (
	"errors"
	"strings"

	"github.com/zalando/go-keyring"

	"gstdesk/backend/apperr"
)

// KeyringService is the service name gstdesk's secrets are filed under in the OS keychain.
const KeyringService = "gstdesk"

// Credentials are the API key and secret of one environment. They are never stored in SQLite,
// logs or files, and never printed: String hides them.
type Credentials struct {
	APIKey    string
	APISecret string
}

// String hides the secret so a stray %v cannot leak it.
func (c Credentials) String() string {
	if c.APIKey == "" {
		return "Credentials{none}"
	}
	return "Credentials{key: " + MaskKey(c.APIKey) + ", secret: ****}"
}

// MaskKey shows enough of an API key to recognise it: its prefix and last four characters.
func MaskKey(k string) string {
	if len(k) <= 12 {
		return "****"
	}
	return k[:9] + "…" + k[len(k)-4:]
}

// Where credentials come from.
const (
	SourceKeychain    = "keychain"
	SourceEnvironment = "environment"
	SourceNone        = "none"
)

// CredentialStatus tells the UI what is configured, without the secret itself.
type CredentialStatus struct {
	Source            string `json:"source"`             // keychain, environment or none
	KeychainAvailable bool   `json:"keychain_available"` // false on a headless box without Secret Service
	MaskedKey         string `json:"masked_key"`
	Message           string `json:"message"`
}

// Vault keeps API credentials in the OS keychain, with the environment as the fallback.
type Vault struct {
	// Getenv reads GSTDESK_API_KEY and GSTDESK_API_SECRET.
	Getenv func(string) string
}

func keyName(env, what string) string { return env + ":" + what }

// KeychainAvailable probes the keychain with a harmless read.
func (v Vault) KeychainAvailable() bool {
	_, err := keyring.Get(KeyringService, "probe")
	return err == nil || errors.Is(err, keyring.ErrNotFound)
}

// Save stores the key and secret of an environment in the keychain. Where there is no keychain it
// refuses, saying how to pass them instead.
func (v Vault) Save(env string, c Credentials) error {
	c.APIKey, c.APISecret = strings.TrimSpace(c.APIKey), strings.TrimSpace(c.APISecret)
	if err := validateCredentials(env, c); err != nil {
		return err
	}
	if !v.KeychainAvailable() {
		return apperr.New(apperr.Unavailable, "This computer has no keychain gstdesk can use (no Secret Service running). Set GSTDESK_API_KEY and GSTDESK_API_SECRET in the environment instead; gstdesk reads them for that run only.")
	}
	if err := keyring.Set(KeyringService, keyName(env, "api_key"), c.APIKey); err != nil {
		return apperr.Wrap(apperr.Unavailable, err, "Could not save the API key in the keychain. Unlock the keychain and try again.")
	}
	if err := keyring.Set(KeyringService, keyName(env, "api_secret"), c.APISecret); err != nil {
		return apperr.Wrap(apperr.Unavailable, err, "Could not save the API secret in the keychain. Unlock the keychain and try again.")
	}
	return nil
}

// Delete removes an environment's credentials from the keychain.
func (v Vault) Delete(env string) error {
	for _, what := range []string{"api_key", "api_secret"} {
		if err := keyring.Delete(KeyringService, keyName(env, what)); err != nil && !errors.Is(err, keyring.ErrNotFound) {
			return apperr.Wrap(apperr.Unavailable, err, "Could not remove the credentials from the keychain.")
		}
	}
	return nil
}

// Load returns the credentials of an environment: the environment variables win (scripts, CI),
// then the keychain.
func (v Vault) Load(env string) (Credentials, string) {
	getenv := v.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	if k, s := getenv("GSTDESK_API_KEY"), getenv("GSTDESK_API_SECRET"); k != "" && s != "" {
		apperr.RememberSecret(k)
		apperr.RememberSecret(s)
		return Credentials{APIKey: k, APISecret: s}, SourceEnvironment
	}
	k, err1 := keyring.Get(KeyringService, keyName(env, "api_key"))
	s, err2 := keyring.Get(KeyringService, keyName(env, "api_secret"))
	if err1 == nil && err2 == nil && k != "" && s != "" {
		apperr.RememberSecret(k)
		apperr.RememberSecret(s)
		return Credentials{APIKey: k, APISecret: s}, SourceKeychain
	}
	return Credentials{}, SourceNone
}

// Status describes the credentials of an environment for the Settings screen.
func (v Vault) Status(env string) CredentialStatus {
	c, src := v.Load(env)
	st := CredentialStatus{Source: src, KeychainAvailable: v.KeychainAvailable(), MaskedKey: ""}
	if c.APIKey != "" {
		st.MaskedKey = MaskKey(c.APIKey)
	}
	switch {
	case src == SourceKeychain:
		st.Message = "Stored in the system keychain."
	case src == SourceEnvironment:
		st.Message = "Taken from GSTDESK_API_KEY and GSTDESK_API_SECRET for this run only."
	case !st.KeychainAvailable:
		st.Message = "No keychain is available on this computer: set GSTDESK_API_KEY and GSTDESK_API_SECRET before starting gstdesk."
	default:
		st.Message = "No API key saved for this environment."
	}
	return st
}

func validateCredentials(env string, c Credentials) error {
	if c.APIKey == "" || c.APISecret == "" {
		return apperr.New(apperr.Invalid, "Enter both the API key and the API secret.")
	}
	if len(c.APIKey) > 200 || len(c.APISecret) > 200 || strings.ContainsAny(c.APIKey+c.APISecret, " \t\r\n") {
		return apperr.New(apperr.Invalid, "The API key or secret has spaces or is too long: paste them again from the API dashboard.")
	}
	switch {
	case env == "production" && strings.HasPrefix(c.APIKey, "key_test_"):
		return apperr.New(apperr.Invalid, "This is a test key (key_test_...): choose the test environment, or paste a production key (key_live_...).")
	case env == "test" && strings.HasPrefix(c.APIKey, "key_live_"):
		return apperr.New(apperr.Invalid, "This is a production key (key_live_...): choose the production environment, or paste a test key (key_test_...).")
	}
	return nil
}
