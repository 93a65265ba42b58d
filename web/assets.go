package web

import "embed"

// assets holds the page: plain HTML, CSS and JavaScript, no build step, nothing fetched from elsewhere.
//
//go:embed static
var assets embed.FS
