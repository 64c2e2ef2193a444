"""The rules: questions about a state and the changes the rules make (never what runs next)."""
