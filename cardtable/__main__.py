"""``python -m cardtable``: the ``cardtable`` command."""

from cardtable.cli import main

raise SystemExit(main())
