package main

import (
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"grundy/web"
)

func newServeCmd(a *app) *cobra.Command {
	var addr string
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web page and the JSON API (loopback only unless --addr says otherwise)",
		Long: `serve answers HTTP on --addr (default ` + web.DefaultAddr + `): the page at / and the JSON API
under /api/ (POST /api/nim, /api/seq, /api/solve, …; see the README). It runs until interrupted,
then finishes the requests under way and exits 0.

Once listening it prints the page's address (with --json: {"url": "..."}).`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			ln, err := web.Listen(addr)
			if err != nil {
				return badInput("%v", err)
			}
			url := "http://" + ln.Addr().String() + "/"
			if err := a.emit(struct {
				URL string `json:"url"`
			}{url}, func(w io.Writer) error {
				_, err := fmt.Fprintf(w, "grundy: serving %s (Ctrl-C to stop)\n", url)
				return err
			}); err != nil {
				ln.Close()
				return err
			}
			if err := web.New(web.Limits{}).Serve(cmd.Context(), ln, 5*time.Second); err != nil {
				return internalf("serve: %v", err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", web.DefaultAddr, "host:port to listen on")
	return cmd
}
