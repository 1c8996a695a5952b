{
  "targets": [
    {
      "target_name": "landsat_inflate",
      "sources": ["inflate.c"],
      "libraries": ["-ldeflate"],
      "cflags": ["-O2"]
    }
  ]
}
