{{/*
Copies src into dst (both maps), recursing into maps; any other value from src replaces dst's, false and "" too.
Called as (list dst src); dst is changed in place.
*/}}
{{- define "vellum-lib.deepMerge" -}}
{{- $dst := index . 0 -}}
{{- range $key, $value := index . 1 -}}
{{- if and (kindIs "map" $value) (kindIs "map" (index $dst $key)) -}}
{{- include "vellum-lib.deepMerge" (list (index $dst $key) $value) -}}
{{- else -}}
{{- $_ := set $dst $key $value -}}
{{- end -}}
{{- end -}}
{{- end }}

{{/*
The context every object template receives: the chart's values merged over the defaults (and, for `role: frontend`,
over the frontend defaults), plus Chart and Release.
*/}}
{{- define "vellum-lib.context" -}}
{{- $values := include "vellum-lib.defaults" . | fromYaml -}}
{{- if eq (toString .Values.role) "frontend" -}}
{{- include "vellum-lib.deepMerge" (list $values (include "vellum-lib.frontendDefaults" . | fromYaml)) -}}
{{- end -}}
{{- include "vellum-lib.deepMerge" (list $values (deepCopy .Values)) -}}
{{- toYaml $values -}}
{{- end }}

{{- define "vellum-lib.name" -}}
{{- .Values.nameOverride | default .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end }}

{{- define "vellum-lib.selectorLabels" -}}
app.kubernetes.io/name: {{ include "vellum-lib.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "vellum-lib.labels" -}}
{{ include "vellum-lib.selectorLabels" . }}
app.kubernetes.io/component: {{ .Values.role }}
app.kubernetes.io/part-of: vellum
app.kubernetes.io/version: {{ include "vellum-lib.imageTag" . | trunc 63 | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "vellum-lib.imageTag" -}}
{{- .Values.image.tag | default .Values.global.image.tag | default .Chart.AppVersion -}}
{{- end }}

{{- define "vellum-lib.image" -}}
{{- $repository := .Values.image.repository | default (printf "%s/%s" (trimSuffix "/" .Values.global.image.registry) (include "vellum-lib.name" .)) -}}
{{- if .Values.image.digest -}}
{{- printf "%s:%s@%s" $repository (include "vellum-lib.imageTag" .) .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" $repository (include "vellum-lib.imageTag" .) -}}
{{- end -}}
{{- end }}

{{- define "vellum-lib.secretName" -}}
{{- required "global.secretName (or secretName): the existing Secret with the components' secrets" (.Values.secretName | default .Values.global.secretName) -}}
{{- end }}

{{/* http://identity:8080 for upstream "identity": the Service of that component in the same namespace. */}}
{{- define "vellum-lib.upstreamUrl" -}}
{{- printf "http://%s:8080" . -}}
{{- end }}

{{/* The emptyDir volume of a writableDirs entry: /var/cache/nginx is "var-cache-nginx". */}}
{{- define "vellum-lib.dirVolume" -}}
{{- regexReplaceAll "[^a-z0-9]+" (lower .) "-" | trimAll "-" | trunc 63 | trimSuffix "-" -}}
{{- end }}

{{/* "true" when the component's process serves metrics: every role but the frontends' nginx. */}}
{{- define "vellum-lib.servesMetrics" -}}
{{- ne (toString .Values.role) "frontend" -}}
{{- end }}

{{/*
"true" when the component gets a monitor of this kind (`kind`: serviceMonitor or podMonitor): its own
metrics.<kind>.enabled when set, else global.metrics.<kind>.enabled; never for a component that serves no metrics.
*/}}
{{- define "vellum-lib.monitorEnabled" -}}
{{- $ctx := .ctx -}}
{{- $enabled := index $ctx.Values.global.metrics .kind "enabled" -}}
{{- $own := index ($ctx.Values.metrics | default dict) .kind | default dict -}}
{{- if hasKey $own "enabled" -}}
{{- $enabled = $own.enabled -}}
{{- end -}}
{{- and (eq (include "vellum-lib.servesMetrics" $ctx) "true") $enabled -}}
{{- end }}
