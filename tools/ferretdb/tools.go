//go:build tools
package tools

import _ "github.com/FerretDB/FerretDB/cmd/ferretdb"
