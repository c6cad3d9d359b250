"""cardtable: card games on a declarative solitaire engine."""
