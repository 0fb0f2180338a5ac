#pragma once
// libcurl is loaded with dlopen on the first network stream, not linked: linking it maps libcurl, OpenSSL, GnuTLS,
// Kerberos, LDAP, ... into every linnetd and costs about 5 MB of idle RSS for a feature many never use.
// So every call goes through a pointer the Curl wrapper got from dlsym; these inline forwards give each pointer its
// C type (and make the variadic curl_easy_setopt/getinfo callable with one typed argument each).
#include <curl/curl.h>

#define LINNET_FN(type) ((type)fn)

static inline CURLcode linnet_curl_global_init(void *fn, long flags) {
    return LINNET_FN(CURLcode (*)(long))(flags);
}
static inline CURL *linnet_curl_easy_init(void *fn) { return LINNET_FN(CURL *(*)(void))(); }
static inline void linnet_curl_easy_cleanup(void *fn, CURL *h) { LINNET_FN(void (*)(CURL *))(h); }
static inline const char *linnet_curl_easy_strerror(void *fn, CURLcode c) {
    return LINNET_FN(const char *(*)(CURLcode))(c);
}
static inline CURLcode linnet_curl_easy_pause(void *fn, CURL *h, int mask) {
    return LINNET_FN(CURLcode (*)(CURL *, int))(h, mask);
}

typedef CURLcode (*linnet_curl_setopt_fn)(CURL *, CURLoption, ...);
static inline CURLcode linnet_curl_setopt_long(void *fn, CURL *h, CURLoption o, long v) {
    return LINNET_FN(linnet_curl_setopt_fn)(h, o, v);
}
static inline CURLcode linnet_curl_setopt_str(void *fn, CURL *h, CURLoption o, const char *v) {
    return LINNET_FN(linnet_curl_setopt_fn)(h, o, v);
}
static inline CURLcode linnet_curl_setopt_ptr(void *fn, CURL *h, CURLoption o, void *v) {
    return LINNET_FN(linnet_curl_setopt_fn)(h, o, v);
}
static inline CURLcode linnet_curl_setopt_slist(void *fn, CURL *h, CURLoption o, struct curl_slist *v) {
    return LINNET_FN(linnet_curl_setopt_fn)(h, o, v);
}
typedef size_t (*linnet_curl_data_cb)(char *, size_t, size_t, void *);
static inline CURLcode linnet_curl_setopt_datacb(void *fn, CURL *h, CURLoption o, linnet_curl_data_cb v) {
    return LINNET_FN(linnet_curl_setopt_fn)(h, o, v);
}

typedef CURLcode (*linnet_curl_getinfo_fn)(CURL *, CURLINFO, ...);
static inline CURLcode linnet_curl_getinfo_long(void *fn, CURL *h, CURLINFO i, long *v) {
    return LINNET_FN(linnet_curl_getinfo_fn)(h, i, v);
}
static inline CURLcode linnet_curl_getinfo_str(void *fn, CURL *h, CURLINFO i, char **v) {
    return LINNET_FN(linnet_curl_getinfo_fn)(h, i, v);
}

static inline CURLM *linnet_curl_multi_init(void *fn) { return LINNET_FN(CURLM *(*)(void))(); }
static inline CURLMcode linnet_curl_multi_add_handle(void *fn, CURLM *m, CURL *h) {
    return LINNET_FN(CURLMcode (*)(CURLM *, CURL *))(m, h);
}
static inline CURLMcode linnet_curl_multi_remove_handle(void *fn, CURLM *m, CURL *h) {
    return LINNET_FN(CURLMcode (*)(CURLM *, CURL *))(m, h);
}
static inline CURLMcode linnet_curl_multi_perform(void *fn, CURLM *m, int *running) {
    return LINNET_FN(CURLMcode (*)(CURLM *, int *))(m, running);
}
static inline CURLMsg *linnet_curl_multi_info_read(void *fn, CURLM *m, int *left) {
    return LINNET_FN(CURLMsg *(*)(CURLM *, int *))(m, left);
}
static inline CURLMcode linnet_curl_multi_poll(void *fn, CURLM *m, int timeout_ms) {
    return LINNET_FN(CURLMcode (*)(CURLM *, struct curl_waitfd *, unsigned int, int, int *))(m, NULL, 0, timeout_ms, NULL);
}
static inline CURLMcode linnet_curl_multi_wakeup(void *fn, CURLM *m) { return LINNET_FN(CURLMcode (*)(CURLM *))(m); }
static inline const char *linnet_curl_multi_strerror(void *fn, CURLMcode c) {
    return LINNET_FN(const char *(*)(CURLMcode))(c);
}
static inline struct curl_slist *linnet_curl_slist_append(void *fn, struct curl_slist *l, const char *s) {
    return LINNET_FN(struct curl_slist *(*)(struct curl_slist *, const char *))(l, s);
}
static inline void linnet_curl_slist_free_all(void *fn, struct curl_slist *l) {
    LINNET_FN(void (*)(struct curl_slist *))(l);
}
// The URL API (curl/urlapi.h): parse and take apart a URL as the transfers do.
static inline CURLU *linnet_curl_url(void *fn) { return LINNET_FN(CURLU *(*)(void))(); }
static inline void linnet_curl_url_cleanup(void *fn, CURLU *u) { LINNET_FN(void (*)(CURLU *))(u); }
static inline CURLUcode linnet_curl_url_set(void *fn, CURLU *u, CURLUPart part, const char *text, unsigned int flags) {
    return LINNET_FN(CURLUcode (*)(CURLU *, CURLUPart, const char *, unsigned int))(u, part, text, flags);
}
static inline CURLUcode linnet_curl_url_get(void *fn, CURLU *u, CURLUPart part, char **text, unsigned int flags) {
    return LINNET_FN(CURLUcode (*)(CURLU *, CURLUPart, char **, unsigned int))(u, part, text, flags);
}
static inline const char *linnet_curl_url_strerror(void *fn, CURLUcode c) {
    return LINNET_FN(const char *(*)(CURLUcode))(c);
}
static inline void linnet_curl_free(void *fn, void *p) { LINNET_FN(void (*)(void *))(p); }

// The pause value written by CURL_WRITEFUNC_PAUSE (a macro Swift does not import).
static inline size_t linnet_curl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }
