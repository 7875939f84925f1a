"""Play across computers: one host holds a game's session and rules and is its only authority;
clients send actions and receive each result as their own seat's view (docs/NETWORK.md). No game
is imported here: each is reached through the registry and its `remote` entry."""
