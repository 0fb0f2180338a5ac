#pragma once
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic: Swift cannot call them. These typed
// inline forwards are the only way the Curl wrapper reaches them; one per argument type.
#include <curl/curl.h>

static inline CURLcode linnet_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode linnet_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode linnet_curl_setopt_str(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode linnet_curl_setopt_ptr(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode linnet_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    return curl_easy_setopt(h, o, v);
}
typedef size_t (*linnet_curl_data_cb)(char *, size_t, size_t, void *);
static inline CURLcode linnet_curl_setopt_datacb(CURL *h, CURLoption o, linnet_curl_data_cb v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode linnet_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode linnet_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode linnet_curl_getinfo_str(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
// The pause value written by CURL_WRITEFUNC_PAUSE (a macro Swift does not import).
static inline size_t linnet_curl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }
