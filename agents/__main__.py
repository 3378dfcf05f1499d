"""`python -m agents ...` is the `lift-gym` command."""

from .cli import main

raise SystemExit(main())
