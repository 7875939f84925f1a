"""`python -m climbers` runs the command line."""

from climbers.cli import main

raise SystemExit(main())
