/*
 * zlib streams inflated by libdeflate (https://github.com/ebiggers/libdeflate, MIT), for the tile
 * decoders (src/core/raster/nativeInflate.mjs). libdeflate decompresses a whole stream into a buffer
 * of known size about twice as fast as zlib, which node's own zlib module is built on: an area's
 * real-shaped COG tiles, 42 ms against node's 83-92 ms for 64 tiles of 512 x 512 16-bit words
 * (docs/areas-and-first-load.md, ninth round). Node-API, so one build serves every Node.js version
 * and worker thread.
 *
 * inflateZlibInto(source: Uint8Array, target: Uint8Array): number
 *   the bytes written to `target`, or -1 when `source` is not a valid zlib stream, -2 when its data
 *   does not fit in `target` (the caller then uses zlib, which also reads truncated streams).
 */
#include <libdeflate.h>
#include <node_api.h>
#include <stddef.h>

/* One decompressor per thread that loads the module (a worker thread has its own instance data). */
static void free_decompressor(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  libdeflate_free_decompressor((struct libdeflate_decompressor *)data);
}

static int bytes_of(napi_env env, napi_value value, void **data, size_t *length) {
  napi_typedarray_type type;
  if (napi_get_typedarray_info(env, value, &type, length, data, NULL, NULL) != napi_ok || type != napi_uint8_array) return 0;
  return 1;
}

static napi_value inflate_zlib_into(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  napi_value result;
  void *source;
  void *target;
  size_t source_length;
  size_t target_length;
  size_t written = 0;
  struct libdeflate_decompressor *decompressor;
  enum libdeflate_result r;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 2) {
    napi_throw_type_error(env, NULL, "inflateZlibInto(source, target) takes two Uint8Arrays");
    return NULL;
  }
  if (!bytes_of(env, argv[0], &source, &source_length) || !bytes_of(env, argv[1], &target, &target_length)) {
    napi_throw_type_error(env, NULL, "inflateZlibInto(source, target) takes two Uint8Arrays");
    return NULL;
  }
  if (napi_get_instance_data(env, (void **)&decompressor) != napi_ok || decompressor == NULL) {
    napi_throw_error(env, NULL, "libdeflate's decompressor is missing");
    return NULL;
  }
  r = libdeflate_zlib_decompress(decompressor, source, source_length, target, target_length, &written);
  napi_create_int64(env, r == LIBDEFLATE_SUCCESS ? (int64_t)written : r == LIBDEFLATE_INSUFFICIENT_SPACE ? -2 : -1, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
  if (decompressor == NULL) {
    napi_throw_error(env, NULL, "libdeflate could not allocate a decompressor");
    return NULL;
  }
  napi_set_instance_data(env, decompressor, free_decompressor, NULL);
  napi_create_function(env, "inflateZlibInto", NAPI_AUTO_LENGTH, inflate_zlib_into, NULL, &fn);
  napi_set_named_property(env, exports, "inflateZlibInto", fn);
  return exports;
}
