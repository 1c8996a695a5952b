{
  "targets": [
    {
      "target_name": "landsat_malloc",
      "sources": ["trim.c"],
      "cflags": ["-O2"]
    }
  ]
}
