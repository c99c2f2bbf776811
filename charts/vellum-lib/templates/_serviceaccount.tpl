{{/* One identity per component, without an API token: no component talks to the Kubernetes API. */}}
{{- define "vellum-lib.serviceaccount" }}
{{- if .Values.serviceAccount.create }}
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "vellum-lib.name" . }}
  labels:
    {{- include "vellum-lib.labels" . | nindent 4 }}
  {{- with .Values.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
{{- end }}
{{- end }}
