package query

import (
	"encoding/json"
	"io"
)

// Encode writes v to w as one JSON document and a newline, as both faces print answers: HTML
// characters are not escaped (a move "a -> b" stays as written), so the command line's --json
// and the web API's body are the same bytes.
func Encode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
