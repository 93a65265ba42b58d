package worker

import (
	"os"
	"os/exec"
	"slices"
	"testing"
)

func TestResidentAndChildren(t *testing.T) {
	if _, err := os.Stat("/proc/self/statm"); err != nil {
		t.Skip("no /proc here")
	}
	self, err := Resident(os.Getpid())
	if err != nil || self == 0 {
		t.Fatalf("Resident(self) = %d, %v; want a positive size", self, err)
	}
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start sleep: %v", err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	if kids := Children(os.Getpid()); !slices.Contains(kids, cmd.Process.Pid) {
		t.Errorf("Children(self) = %v; want it to hold %d", kids, cmd.Process.Pid)
	}
	if kids := Children(cmd.Process.Pid); len(kids) != 0 {
		t.Errorf("Children(sleep) = %v; want none", kids)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if _, err := Resident(cmd.Process.Pid); err == nil {
		t.Errorf("Resident of a process that is gone: no error")
	}
}
