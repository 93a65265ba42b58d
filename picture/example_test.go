package picture_test

import (
	"fmt"
	"strings"

	"grundy/picture"
)

func ExampleHeatmap_WriteSVG() {
	h := &picture.Heatmap{Rows: [][]uint64{{0, 1}, {1, 0}}, Cell: 10}
	var b strings.Builder
	if err := h.WriteSVG(&b); err != nil {
		fmt.Println(err)
	}
	fmt.Print(b.String())
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 20 20" shape-rendering="crispEdges">
	// <rect x="0" y="0" width="10" height="10" fill="#440154"/>
	// <rect x="10" y="0" width="10" height="10" fill="#fde725"/>
	// <rect x="0" y="10" width="10" height="10" fill="#fde725"/>
	// <rect x="10" y="10" width="10" height="10" fill="#440154"/>
	// </svg>
}
