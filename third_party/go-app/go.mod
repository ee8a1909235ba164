module github.com/maxence-charriere/go-app/v10

go 1.23.0

toolchain go1.24.0

require (
	github.com/SherClockHolmes/webpush-go v1.4.0
	github.com/gomarkdown/markdown v0.0.0-20250207164621-7a1f277a159e
	github.com/google/uuid v1.6.0
	github.com/stretchr/testify v1.6.1
	golang.org/x/net v0.35.0
)

require (
	github.com/davecgh/go-spew v1.1.0 // indirect
	github.com/golang-jwt/jwt/v5 v5.2.1 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	golang.org/x/crypto v0.35.0 // indirect
	gopkg.in/yaml.v3 v3.0.0-20200313102051-9f266ea9e77c // indirect
)
