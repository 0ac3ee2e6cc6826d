"""python -m tools.site: build site/ (tools.site.build)."""

from tools.site.build import main

main()
