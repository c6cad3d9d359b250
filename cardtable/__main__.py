"""``python -m cardtable``: the ``cardtable`` command."""

from cardtable.launch import main

raise SystemExit(main())
