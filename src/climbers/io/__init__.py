"""Files and words that every game shares: bounded reading, atomic writes, the folders, the
language and its catalogs, progress files and the bundled assets."""
