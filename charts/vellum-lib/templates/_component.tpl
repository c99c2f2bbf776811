{{/*
Everything one component is made of. A component chart's only template is:
  {{ include "vellum-lib.component" . }}
*/}}
{{- define "vellum-lib.component" -}}
{{- $ctx := dict "Values" (include "vellum-lib.context" . | fromYaml) "Chart" .Chart "Release" .Release "Capabilities" .Capabilities "Template" .Template -}}
{{- include "vellum-lib.serviceaccount" $ctx }}
{{- include "vellum-lib.configmap" $ctx }}
{{- include "vellum-lib.deployment" $ctx }}
{{- include "vellum-lib.service" $ctx }}
{{- include "vellum-lib.hpa" $ctx }}
{{- include "vellum-lib.pdb" $ctx }}
{{- include "vellum-lib.networkpolicy" $ctx }}
{{- include "vellum-lib.monitors" $ctx }}
{{- include "vellum-lib.replayJob" $ctx }}
{{- end }}
