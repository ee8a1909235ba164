//go:build wasm

package app

import "github.com/maxence-charriere/go-app/v10/pkg/errors"

// encrypt and decrypt fail in a wasm build: crypto/aes and crypto/cipher are
// left out of app.wasm (crypto.go is built outside wasm only). There
// Context.Encrypt and Context.Decrypt return this error and
// State.PersistWithEncryption logs it.
func encrypt(key string, v []byte) ([]byte, error) {
	return nil, errors.New("encryption is not built into wasm (no crypto/aes in app.wasm)")
}

func decrypt(key string, v []byte) ([]byte, error) {
	return nil, errors.New("decryption is not built into wasm (no crypto/aes in app.wasm)")
}
