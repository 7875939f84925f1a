"""`python -m climbers` runs the command line."""

from climbers.cli.main import main

raise SystemExit(main())
