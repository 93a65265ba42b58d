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
	var inProcess bool
	var memoryMiB int
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web page and the JSON API (loopback only unless --addr says otherwise)",
		Long:  fmt.Sprintf(help("serve"), web.DefaultAddr),
		Args:  exactArgs(0),
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
			srv := web.New(web.Limits{Isolate: !inProcess, MemoryMiB: memoryMiB})
			defer srv.Close()
			if err := srv.Serve(cmd.Context(), ln, 5*time.Second); err != nil {
				return internalf("serve: %v", err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", web.DefaultAddr, "host:port to listen on")
	cmd.Flags().BoolVar(&inProcess, "in-process", false, "run heavy requests in the server's own process, not in killable worker processes")
	cmd.Flags().IntVar(&memoryMiB, "memory-mib", web.DefaultLimits().MemoryMiB, "the resident memory at which a worker process is killed, in MiB")
	return cmd
}
