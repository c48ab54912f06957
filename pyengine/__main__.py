"""``python -m pyengine`` runs the command-line interface."""

from pyengine.cli import main

raise SystemExit(main())
