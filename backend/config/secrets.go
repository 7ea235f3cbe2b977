package config

import (
	"errors"
	"strings"

	"github.com/zalando/go-keyring"

	"gstdesk/backend/apperr"
)

// Secrets other than the API credentials (a backup target's access key, an SFTP password) are
// filed in the keychain under "<owner>:<what>", owner naming what they belong to (backup:ID).
// Like the API key they never go to SQLite, logs, exports or errors.

// SaveSecret stores one secret in the keychain; where there is no keychain it refuses, naming
// the environment variable that can carry it for one run instead.
func (v Vault) SaveSecret(owner, what, value, envVar string) error {
	value = strings.TrimSpace(value)
	if value == "" {
		return apperr.New(apperr.Invalid, "The %s is empty.", strings.ReplaceAll(what, "_", " "))
	}
	if !v.KeychainAvailable() {
		return apperr.New(apperr.Unavailable, "This computer has no keychain gstdesk can use (no Secret Service running). Set %s in the environment instead; gstdesk reads it for that run only.", envVar)
	}
	if err := keyring.Set(KeyringService, keyName(owner, what), value); err != nil {
		return apperr.Wrap(apperr.Unavailable, err, "Could not save the %s in the keychain. Unlock the keychain and try again.", strings.ReplaceAll(what, "_", " "))
	}
	return nil
}

// LoadSecret returns one secret and where it came from: the keychain's entry for owner, else the
// environment variable envVar (one for every owner of a kind, for scripts), else none.
// Every secret read is remembered by apperr (RememberSecret), so no message shows it.
func (v Vault) LoadSecret(owner, what, envVar string) (string, string) {
	if s, err := keyring.Get(KeyringService, keyName(owner, what)); err == nil && s != "" {
		apperr.RememberSecret(s)
		return s, SourceKeychain
	}
	if v.Getenv != nil && envVar != "" {
		if s := v.Getenv(envVar); s != "" {
			apperr.RememberSecret(s)
			return s, SourceEnvironment
		}
	}
	return "", SourceNone
}

// DeleteSecret removes one secret from the keychain (nothing when it is not there).
func (v Vault) DeleteSecret(owner, what string) error {
	if err := keyring.Delete(KeyringService, keyName(owner, what)); err != nil && !errors.Is(err, keyring.ErrNotFound) {
		return apperr.Wrap(apperr.Unavailable, err, "Could not remove the %s from the keychain.", strings.ReplaceAll(what, "_", " "))
	}
	return nil
}
