#!/bin/sh
# Makes docs/VIEW.png (1000 px wide) and docs/VIEW-phone.png (400 px) of the page's five views:
# the browser test TestBrowserScreenshots drives Chromium (Debian's chromium package), then
# ImageMagick's convert, when installed, reduces each picture to 256 colours to keep it small.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
GRUNDY_SCREENSHOTS="$tmp" go test -count=1 -run 'TestBrowserScreenshots$' ./web
for f in "$tmp"/*.png; do
	convert "$f" -strip -colors 256 "PNG8:docs/$(basename "$f")" 2>/dev/null || cp "$f" docs/
done
ls -l docs/*.png
