"""What both applications (the table and the pit) stand on and nothing else: the tree of errors
the program raises on purpose, the one settings reader, the broker's settings, the URLs and the
files a person names. Below ``drivers``: it imports nothing of the project's."""
