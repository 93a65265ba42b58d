package main

import "testing"

// A mistyped command, at the top or under a command with subcommands, is one line naming the
// nearest commands (cobra's own message spans four lines and subcommands suggested nothing).
func TestMistypedCommandSuggests(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solvee", "nim", "3"}, `grundy: unknown command "solvee"; did you mean "solve"?` + "\n"},
		{[]string{"nim", "mull", "3", "4"}, `grundy: unknown command "mull" for "grundy nim"; did you mean "mul"?` + "\n"},
		{[]string{"nim", "mull"}, `grundy: unknown command "mull" for "grundy nim"; did you mean "mul"?` + "\n"},
		{[]string{"basis", "rnak", "3"}, `grundy: unknown command "rnak" for "grundy basis"; did you mean "rank"?` + "\n"},
		{[]string{"octal", "catalogu"}, `grundy: unknown command "catalogu" for "grundy octal"; did you mean "catalogue"?` + "\n"},
		{[]string{"s"}, `grundy: unknown command "s"; did you mean "seq", "serve" or "solve"?` + "\n"},
		{[]string{"frobnicate"}, `grundy: unknown command "frobnicate" (see 'grundy --help')` + "\n"},
	} {
		out, errOut, code := runCLI(t, "", c.args...)
		if code != exitInput || out != "" || errOut != c.want {
			t.Errorf("grundy %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	// Arguments near no subcommand are still the command's own.
	if out, errOut, code := runCLI(t, "", "nim", "mul", "3", "4"); code != exitOK || out != "12\n" {
		t.Errorf("grundy nim mul 3 4: exit %d, %q, %q", code, out, errOut)
	}
	if _, errOut, code := runCLI(t, "", "octal", "0.07", "--to", "10", "--summary"); code != exitOK {
		t.Errorf("grundy octal 0.07: exit %d, %q", code, errOut)
	}
	if out, _, code := runCLI(t, ""); code != exitOK || out == "" {
		t.Errorf("grundy with no arguments: exit %d, want the help", code)
	}
}
